/**
 * Messages that the server sends and the browser's forms show: validation and error texts.
 * Keys are stable; `ja.ts` must have exactly the same keys (the type and a test enforce it).
 */
export const en = {
  'ok': 'Success',
  'validation.mailRequired': 'Please input the mail.',
  'validation.mailInvalid': 'Please check the mail.',
  'validation.passwordRequired': 'Please input the password.',
  'validation.password2Required': 'Please input the confirm password.',
  'validation.passwordOldRequired': 'Please input the current password.',
  'validation.passwordNewRequired': 'Please input the new password.',
  'validation.passwordConfirmNewRequired': 'Please input the confirm new password.',
  'validation.passwordWeak':
    'The password needs 8 to 20 characters with at least one letter and one digit; symbols are allowed.',
  'validation.passwordStrong':
    'The password needs at least 8 characters with a digit, an upper-case letter, a lower-case letter and a symbol.',
  'validation.passwordMismatch': 'The confirm password must be the same as the password.',
  'validation.codeRequired': 'Please input the verification code.',
  'validation.codeFormat': 'The verification code is the 6 digits from the mail.',
  'validation.nameRequired': 'Please input your name.',
  'validation.telInvalid': 'Please check your tel number.',
  'validation.localeInvalid': 'The language must be English (en) or Japanese (ja).',
  'validation.tooLong': '{{field}} is too long: at most {{maximum}} characters.',
  'validation.required': '{{field}} is required.',
  'validation.invalid': '{{field}} is not valid.',
  'validation.unknownField': '{{field}} is not accepted here.',
  'error.unauthenticated': 'Your session has ended. Please sign in again.',
  'error.forbidden': 'You do not have permission to do this.',
  'error.notFound': 'This call does not exist.',
  'error.malformedJson': 'The request could not be read: it is not valid JSON.',
  'error.tooLarge': 'The request is too large.',
  'error.unsupportedMediaType': 'The request must be sent as JSON.',
  'error.internal': 'Something went wrong on the server. Please try again later.',
  'error.loginFailed': 'The mail or password is incorrect.',
  'error.codeInvalid': 'The verification code is incorrect.',
  'error.codeExpired': 'The verification code has expired or was already used. Please request a new code.',
  'error.codeTooManyTries': 'Too many wrong codes. Please request a new code.',
  'error.codeTooSoon': 'A code was just sent. Please wait {{seconds}} seconds before requesting another.',
  'error.throttledLogin': 'Too many sign-in attempts. Please try again in {{minutes}} minutes.',
  'error.throttledCode': 'Too many code requests. Please try again in {{minutes}} minutes.',
  'error.mailTaken': 'An account with this mail already exists. Please sign in or reset the password.',
  'error.noAccount': 'No account uses this mail.',
  'error.currentPasswordWrong': 'The current password is incorrect.',
  'mail.code.subject': 'Your verification code: {{code}}',
  'mail.code.body':
    'Your verification code is {{code}}. It is valid for {{minutes}} minutes and can be used once. If you did not ask for it, you can ignore this mail.',
  'mail.signature': 'Brand Protection Portal',
} as const;

export type MessageKey = keyof typeof en;
