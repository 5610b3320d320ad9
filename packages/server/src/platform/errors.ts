import { ErrorCode, type ErrorCodeValue, type MessageKey } from '@portal/contract';

/**
 * The one catalogue of errors. Each has a stable code, the HTTP status the spec's convention gives it
 * (business failures are HTTP 200 with a non-zero code), and a message key translated per user.
 */
const catalogue = {
  badRequest: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'validation.invalid' },
  malformedJson: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.malformedJson' },
  tooDeep: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.tooDeep' },
  unsupportedMediaType: { code: ErrorCode.BAD_REQUEST, status: 415, key: 'error.unsupportedMediaType' },
  unauthenticated: { code: ErrorCode.UNAUTHENTICATED, status: 401, key: 'error.unauthenticated' },
  forbidden: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.forbidden' },
  notFound: { code: ErrorCode.NOT_FOUND, status: 404, key: 'error.notFound' },
  tooLarge: { code: ErrorCode.TOO_LARGE, status: 413, key: 'error.tooLarge' },
  throttledLogin: { code: ErrorCode.TOO_MANY, status: 429, key: 'error.throttledLogin' },
  throttledCode: { code: ErrorCode.TOO_MANY, status: 429, key: 'error.throttledCode' },
  throttledApiKey: { code: ErrorCode.TOO_MANY, status: 429, key: 'error.throttledApiKey' },
  apiKeyNotAllowed: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.apiKeyNotAllowed' },
  apiKeyExpiryPast: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'validation.apiKeyExpiryPast' },
  apiKeyLimit: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.apiKeyLimit' },
  webhookHttpsRequired: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.webhookHttpsRequired' },
  webhookAddressRefused: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.webhookAddressRefused' },
  webhookLimit: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.webhookLimit' },
  webhookEventNotAllowed: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.webhookEventNotAllowed' },
  internal: { code: ErrorCode.INTERNAL, status: 500, key: 'error.internal' },
  /** No database connection came free in time: the portal is overloaded for the moment. */
  busy: { code: ErrorCode.BUSY, status: 503, key: 'error.busy' },
  loginFailed: { code: ErrorCode.LOGIN_FAILED, status: 200, key: 'error.loginFailed' },
  codeInvalid: { code: ErrorCode.CODE_INVALID, status: 200, key: 'error.codeInvalid' },
  codeExpired: { code: ErrorCode.CODE_EXPIRED, status: 200, key: 'error.codeExpired' },
  codeTooManyTries: { code: ErrorCode.CODE_TOO_MANY_TRIES, status: 200, key: 'error.codeTooManyTries' },
  codeTooSoon: { code: ErrorCode.CODE_TOO_SOON, status: 429, key: 'error.codeTooSoon' },
  mailTaken: { code: ErrorCode.MAIL_TAKEN, status: 200, key: 'error.mailTaken' },
  noAccount: { code: ErrorCode.NO_ACCOUNT, status: 200, key: 'error.noAccount' },
  currentPasswordWrong: { code: ErrorCode.CURRENT_PASSWORD_WRONG, status: 200, key: 'error.currentPasswordWrong' },
  /** Also for another company's object: it answers exactly as one that does not exist. */
  objectNotFound: { code: ErrorCode.OBJECT_NOT_FOUND, status: 200, key: 'error.objectNotFound' },
  /** A record's picture that cannot be had (none, refused, not an image, or not the caller's): an image's 404. */
  noPicture: { code: ErrorCode.OBJECT_NOT_FOUND, status: 404, key: 'error.noPicture' },
  noScreenshot: { code: ErrorCode.OBJECT_NOT_FOUND, status: 404, key: 'error.noScreenshot' },
  unknownAnalyst: { code: ErrorCode.UNKNOWN_ANALYST, status: 200, key: 'error.unknownAnalyst' },
  unknownCompany: { code: ErrorCode.UNKNOWN_COMPANY, status: 200, key: 'error.unknownCompany' },
  cannotRemoveSelf: { code: ErrorCode.CANNOT_REMOVE_SELF, status: 200, key: 'error.cannotRemoveSelf' },
  cannotDemoteSelf: { code: ErrorCode.CANNOT_DEMOTE_SELF, status: 200, key: 'error.cannotDemoteSelf' },
  roleKindChange: { code: ErrorCode.ROLE_KIND_CHANGE, status: 200, key: 'error.roleKindChange' },
  notRemoved: { code: ErrorCode.NOT_REMOVED, status: 200, key: 'error.notRemoved' },
  duplicateName: { code: ErrorCode.DUPLICATE_NAME, status: 200, key: 'error.duplicateName' },
  unknownCountry: { code: ErrorCode.UNKNOWN_COUNTRY, status: 200, key: 'error.unknownCountry' },
  unknownCategory: { code: ErrorCode.UNKNOWN_CATEGORY, status: 200, key: 'error.unknownCategory' },
  unknownRegion: { code: ErrorCode.UNKNOWN_REGION, status: 200, key: 'error.unknownRegion' },
  multipartRequired: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.multipartRequired' },
  uploadUnreadable: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.uploadUnreadable' },
  fileRequired: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.fileRequired' },
  oneFileOnly: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.oneFileOnly' },
  fileTooLarge: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.fileTooLarge' },
  imageTypeTrademark: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.imageTypeTrademark' },
  imageTypeRequest: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.imageTypeRequest' },
  imageDamaged: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.imageDamaged' },
  imageNotFound: { code: ErrorCode.IMAGE_NOT_FOUND, status: 200, key: 'error.imageNotFound' },
  imageTypeGenuine: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.imageTypeGenuine' },
  pictureUnreadable: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.pictureUnreadable' },
  tooManyFiles: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.tooManyFiles' },
  // Marketplace records (document 3): a client user may change only the response fields; an analyst's save is
  // checked in the spec's order (the message key of the failing rule overrides the generic one).
  responseFieldsOnly: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.responseFieldsOnly' },
  recordInvalid: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'validation.invalid' },
  unknownSubcategory: { code: ErrorCode.UNKNOWN_CATEGORY, status: 200, key: 'error.unknownSubcategory' },
  unknownProductCategory: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.unknownProductCategory' },
  unknownTrademark: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.unknownTrademark' },
  unknownCustomColumn: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.unknownCustomColumn' },
  imageTypeEvidence: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.imageTypeTrademark' },
  evidenceTooMany: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.evidenceTooMany' },
  uploadExtension: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadExtension' },
  uploadCorrupt: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadCorrupt' },
  uploadUnpackedTooLarge: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadUnpackedTooLarge' },
  uploadXlsTooLarge: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadXlsTooLarge' },
  uploadMacro: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadMacro' },
  uploadNoSheetMatches: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadNoSheetMatches' },
  uploadSeveralSheetsMatch: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadSeveralSheetsMatch' },
  uploadCsvEncoding: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadCsvEncoding' },
  uploadPackRatio: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadPackRatio' },
  uploadDeclaredSize: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadDeclaredSize' },
  uploadCellTooLarge: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadCellTooLarge' },
  uploadRowTooLarge: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadRowTooLarge' },
  uploadPartTooLarge: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadPartTooLarge' },
  uploadTooMuchMemory: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadTooMuchMemory' },
  uploadBusy: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadBusy' },
  uploadTooManyRows: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadTooManyRows' },
  uploadEmpty: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadEmpty' },
  uploadInvalid: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.uploadInvalid' },
  // A post that finds nothing to post says why (issue 16, point 2).
  reportEmpty: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.reportEmpty' },
  reportAlreadyPosted: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.reportAlreadyPosted' },
  reportNoneCategorized: { code: ErrorCode.UPLOAD_REJECTED, status: 200, key: 'error.reportNoneCategorized' },
  // Undoing a batch update (records/batches/batches.ts).
  batchNotUndoable: { code: ErrorCode.OBJECT_NOT_FOUND, status: 200, key: 'error.batchNotUndoable' },
  batchAlreadyUndone: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.batchAlreadyUndone' },
  batchUndoExpired: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.batchUndoExpired' },
  batchChangedSince: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.batchChangedSince' },
  triageRuleNotFound: { code: ErrorCode.OBJECT_NOT_FOUND, status: 200, key: 'error.triageRuleNotFound' },
  triageTooManyRules: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.triageTooManyRules' },
  triageAcceptTooMany: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.triageAcceptTooMany' },
  triageUnknownCategory: { code: ErrorCode.UNKNOWN_CATEGORY, status: 200, key: 'error.triageUnknownCategory' },
  wordOrImageRequired: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'validation.wordOrImageRequired' },
  requestStep: { code: ErrorCode.REQUEST_STEP, status: 200, key: 'error.requestStep' },
  requestClientCancelOnly: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.requestClientCancelOnly' },
  requestClosed: { code: ErrorCode.REQUEST_STEP, status: 200, key: 'error.requestClosed' },
  requestNotDraft: { code: ErrorCode.REQUEST_STEP, status: 200, key: 'error.requestNotDraft' },
  dueDateInPast: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.dueDateInPast' },
  assigneeNotManager: { code: ErrorCode.UNKNOWN_ANALYST, status: 200, key: 'error.assigneeNotManager' },
  fileTypeService: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.fileTypeService' },
  fileDamaged: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.fileDamaged' },
  fileNotOfRequest: { code: ErrorCode.FILE_REJECTED, status: 200, key: 'error.fileNotOfRequest' },
  taskState: { code: ErrorCode.TASK_STATE, status: 200, key: 'error.taskState' },
  taskSubtasksLocked: { code: ErrorCode.TASK_STATE, status: 200, key: 'error.taskSubtasksLocked' },
  taskNoSubtasks: { code: ErrorCode.TASK_STATE, status: 200, key: 'error.taskNoSubtasks' },
  taskNoEvidence: { code: ErrorCode.TASK_STATE, status: 200, key: 'error.taskNoEvidence' },
  takedownProblems: { code: ErrorCode.RECORD_INVALID, status: 200, key: 'error.takedownProblems' },
  takedownForbidden: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.takedownForbidden' },
  crawlerSiteUnknown: { code: ErrorCode.CRAWLER_SITE_UNKNOWN, status: 200, key: 'error.crawlerSiteUnknown' },
  siteInUse: { code: ErrorCode.IN_USE, status: 200, key: 'error.siteInUse' },
  alertEventNotAllowed: { code: ErrorCode.FORBIDDEN, status: 403, key: 'error.alertEventNotAllowed' },
  watchRunning: { code: ErrorCode.TASK_STATE, status: 200, key: 'error.watchRunning' },
  domainWatchRunning: { code: ErrorCode.TASK_STATE, status: 200, key: 'error.domainWatchRunning' },
  domainWatchUnregistrable: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.domainWatchUnregistrable' },
  // Teaching a recipe by example: the page is the site's, and it could be read.
  pageNotOfSite: { code: ErrorCode.PAGE_NOT_OF_SITE, status: 200, key: 'error.pageNotOfSite' },
  pageUnreachable: { code: ErrorCode.PAGE_UNREADABLE, status: 200, key: 'error.pageUnreachable' },
  pagePrivate: { code: ErrorCode.PAGE_UNREADABLE, status: 200, key: 'error.pagePrivate' },
  pageRefused: { code: ErrorCode.PAGE_UNREADABLE, status: 200, key: 'error.pageRefused' },
  pageTooLarge: { code: ErrorCode.PAGE_UNREADABLE, status: 200, key: 'error.pageTooLarge' },
  pageNotHtml: { code: ErrorCode.PAGE_UNREADABLE, status: 200, key: 'error.pageNotHtml' },
  recipeNoMarks: { code: ErrorCode.BAD_REQUEST, status: 400, key: 'error.recipeNoMarks' },
} satisfies Record<string, { code: ErrorCodeValue; status: number; key: MessageKey }>;

export type ErrorName = keyof typeof catalogue;

export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly key: MessageKey;
  constructor(
    readonly name_: ErrorName,
    readonly params: Record<string, string | number> = {},
    /** Overrides the catalogue's message key, e.g. the validation message of the first zod issue. */
    key?: MessageKey,
  ) {
    const entry = catalogue[name_];
    super(`${name_}`);
    this.code = entry.code;
    this.status = entry.status;
    this.key = key ?? entry.key;
  }

  /** Details the screen shows with the message (the problems of a refused spreadsheet); null otherwise. */
  data: unknown = null;
  withData(data: unknown): this {
    this.data = data;
    return this;
  }
}

/** Throw helper so handlers read as `fail('loginFailed')`. */
export function fail(name: ErrorName, params?: Record<string, string | number>): never {
  throw new AppError(name, params);
}
