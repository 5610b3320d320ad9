/** Every answer of every call: code 0 on success, a human message in the user's language, and data. */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Stable error codes. HTTP status travels separately; the body always has this shape. */
export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_LARGE: 413,
  TOO_MANY: 429,
  INTERNAL: 500,
  BUSY: 503,
  LOGIN_FAILED: 1001,
  CODE_INVALID: 1002,
  CODE_EXPIRED: 1003,
  CODE_TOO_MANY_TRIES: 1004,
  CODE_TOO_SOON: 1005,
  MAIL_TAKEN: 1006,
  NO_ACCOUNT: 1007,
  CURRENT_PASSWORD_WRONG: 1008,
  OBJECT_NOT_FOUND: 1009,
  UNKNOWN_ANALYST: 1010,
  UNKNOWN_COMPANY: 1011,
  CANNOT_REMOVE_SELF: 1012,
  CANNOT_DEMOTE_SELF: 1013,
  ROLE_KIND_CHANGE: 1014,
  NOT_REMOVED: 1015,
  DUPLICATE_NAME: 1016,
  UNKNOWN_COUNTRY: 1017,
  UNKNOWN_CATEGORY: 1018,
  UNKNOWN_REGION: 1019,
  FILE_REJECTED: 1020,
  IMAGE_NOT_FOUND: 1021,
  UPLOAD_REJECTED: 1022,
  RECORD_INVALID: 1023,
  REQUEST_STEP: 1024,
  TASK_STATE: 1041,
  CRAWLER_SITE_UNKNOWN: 1042,
  /** The object is still used by others (a marketplace site by crawler tasks): remove those first. */
  IN_USE: 1043,
  /** A page asked for a site's recipe is not on that site. */
  PAGE_NOT_OF_SITE: 1044,
  /** A page of a site could not be read (unreachable, private, refused, too large, not HTML). */
  PAGE_UNREADABLE: 1045,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
