import type { z } from 'zod';
import * as accounts from './accounts.js';
import * as categories from './categories.js';
import * as clients from './clients.js';
import * as masters from './masters.js';
import * as notices from './notices.js';
import * as session from './session.js';
import * as sites from './sites.js';
import * as testPurchases from './test-purchases.js';
import * as trademarks from './trademarks.js';
import * as ecReports from './ec-reports.js';
import * as ecRecords from './ec-records.js';

/**
 * The registry of calls that both sides share: the path, its payload and its answer.
 * The server registers a handler for each path with these schemas; the browser's call helper is typed by them,
 * so a payload the server would refuse does not type-check in the browser either.
 */
export const calls = {
  '/api/requestcode': { input: session.requestCodeInput, output: session.requestCodeOutput },
  '/api/login': { input: session.loginInput, output: session.loginOutput },
  '/api/signup': { input: session.signupInput, output: session.signupOutput },
  '/api/resetpassword': { input: session.resetPasswordInput, output: session.resetPasswordOutput },
  '/api/logout': { input: session.logoutInput, output: session.logoutOutput },
  '/api/user/userinfo': { input: session.userInfoInput, output: session.userInfoOutput },
  '/api/user/update-settings': { input: session.updateSettingsInput, output: session.updateSettingsOutput },
  '/api/user/update-userinfo': { input: session.updateUserInfoInput, output: session.updateUserInfoOutput },
  '/api/user/reset-password': { input: session.changePasswordInput, output: session.changePasswordOutput },
  '/api/notication/unviewed-notice-count': {
    input: session.unviewedNoticeCountInput,
    output: session.unviewedNoticeCountOutput,
  },
  '/api/admin/search-users': { input: accounts.searchUsersInput, output: accounts.searchUsersOutput },
  '/api/admin/get-user': { input: accounts.getUserInput, output: accounts.getUserOutput },
  '/api/admin/create-user': { input: accounts.createUserInput, output: accounts.createUserOutput },
  '/api/admin/update-user': { input: accounts.updateUserInput, output: accounts.updateUserOutput },
  '/api/admin/remove-user': { input: accounts.removeUserInput, output: accounts.removeUserOutput },
  '/api/admin/restore-user': { input: accounts.restoreUserInput, output: accounts.restoreUserOutput },
  '/api/analyst/fetch-clients': { input: clients.fetchClientsInput, output: clients.fetchClientsOutput },
  '/api/admin/search-clients': { input: clients.searchClientsInput, output: clients.searchClientsOutput },
  '/api/admin/get-client': { input: clients.getClientInput, output: clients.clientOutput },
  '/api/admin/create-client': { input: clients.createClientInput, output: clients.clientOutput },
  '/api/admin/update-client': { input: clients.updateClientInput, output: clients.clientOutput },
  '/api/admin/remove-client': { input: clients.removeClientInput, output: clients.removeClientOutput },
  '/api/admin/restore-client': { input: clients.removeClientInput, output: clients.clientOutput },
  '/api/analyst/fetch-brands': { input: masters.fetchBrandsInput, output: masters.brandsOutput },
  '/api/analyst/create-brand': { input: masters.createBrandInput, output: masters.brandsOutput },
  '/api/analyst/update-brand': { input: masters.updateBrandInput, output: masters.brandsOutput },
  '/api/analyst/remove-brand': { input: masters.removeBrandInput, output: masters.brandsOutput },
  '/api/analyst/create-brand-keyword': { input: masters.createKeywordInput, output: masters.keywordsOutput },
  '/api/analyst/update-brand-keyword': { input: masters.updateKeywordInput, output: masters.keywordsOutput },
  '/api/analyst/remove-brand-keyword': { input: masters.removeKeywordInput, output: masters.keywordsOutput },
  '/api/analyst/create-brand-model': { input: masters.createModelInput, output: masters.modelsOutput },
  '/api/analyst/update-brand-model': { input: masters.updateModelInput, output: masters.modelsOutput },
  '/api/analyst/remove-brand-model': { input: masters.removeModelInput, output: masters.modelsOutput },
  '/api/analyst/fetch-product-categories': { input: masters.fetchCategoriesInput, output: masters.categoriesOutput },
  '/api/analyst/create-product-category': { input: masters.createCategoryInput, output: masters.categoriesOutput },
  '/api/analyst/update-product-category': { input: masters.updateCategoryInput, output: masters.categoriesOutput },
  '/api/analyst/remove-product-category': { input: masters.removeCategoryInput, output: masters.categoriesOutput },
  '/api/analyst/fetch-custom-columns': { input: masters.fetchColumnsInput, output: masters.columnsOutput },
  '/api/analyst/create-custom-column': { input: masters.createColumnInput, output: masters.columnsOutput },
  '/api/analyst/update-custom-column': { input: masters.updateColumnInput, output: masters.columnsOutput },
  '/api/analyst/remove-custom-column': { input: masters.removeColumnInput, output: masters.columnsOutput },
  '/api/analyst/fetch-special-urls': { input: masters.fetchUrlsInput, output: masters.urlsOutput },
  '/api/analyst/create-special-url': { input: masters.createUrlInput, output: masters.urlsOutput },
  '/api/analyst/update-special-url': { input: masters.updateUrlInput, output: masters.urlsOutput },
  '/api/analyst/remove-special-url': { input: masters.removeUrlInput, output: masters.urlsOutput },
  '/api/analyst/fetch-special-words': { input: masters.fetchWordsInput, output: masters.wordsOutput },
  '/api/analyst/create-special-word': { input: masters.createWordInput, output: masters.wordsOutput },
  '/api/analyst/update-special-word': { input: masters.updateWordInput, output: masters.wordsOutput },
  '/api/analyst/remove-special-word': { input: masters.removeWordInput, output: masters.wordsOutput },
  '/api/analyst/fetch-attorney-letters': { input: masters.fetchLettersInput, output: masters.lettersOutput },
  '/api/analyst/create-attorney-letter': { input: masters.createLetterInput, output: masters.lettersOutput },
  '/api/analyst/update-attorney-letter': { input: masters.updateLetterInput, output: masters.lettersOutput },
  '/api/analyst/remove-attorney-letter': { input: masters.removeLetterInput, output: masters.lettersOutput },
  '/api/analyst/get-trademark-countries': { input: masters.getTrademarkCountriesInput, output: masters.trademarkCountriesOutput },
  '/api/analyst/set-trademark-countries': { input: masters.setTrademarkCountriesInput, output: masters.trademarkCountriesOutput },
  '/api/analyst/get-impact-settings': { input: masters.getImpactInput, output: masters.impactOutput },
  '/api/analyst/set-impact-settings': { input: masters.setImpactInput, output: masters.impactOutput },
  '/api/notication/search-notification': { input: notices.searchNoticesInput, output: notices.searchNoticesOutput },
  '/api/notication/view-notification': { input: notices.viewNoticeInput, output: notices.viewNoticeOutput },
  '/api/ipf-news': { input: notices.newsListInput, output: notices.newsListOutput },
  '/api/admin/news/create': { input: notices.createNewsInput, output: notices.newsItemOutput },
  '/api/admin/news/update': { input: notices.updateNewsInput, output: notices.newsItemOutput },
  '/api/admin/news/remove': { input: notices.removeNewsInput, output: notices.removeNewsOutput },
  '/api/analyst/fetch-infringement-categories': { input: categories.fetchCategoriesInput, output: categories.categoriesOutput },
  '/api/analyst/create-infringement-category': { input: categories.createCategoryInput, output: categories.categoriesOutput },
  '/api/analyst/update-infringement-category': { input: categories.updateCategoryInput, output: categories.categoriesOutput },
  '/api/analyst/remove-infringement-category': { input: categories.removeCategoryInput, output: categories.categoriesOutput },
  '/api/analyst/fetch-infringement-subcategories': { input: categories.fetchSubcategoriesInput, output: categories.subcategoriesOutput },
  '/api/analyst/create-infringement-subcategory': { input: categories.createSubcategoryInput, output: categories.subcategoriesOutput },
  '/api/analyst/update-infringement-subcategory': { input: categories.updateSubcategoryInput, output: categories.subcategoriesOutput },
  '/api/analyst/remove-infringement-subcategory': { input: categories.removeSubcategoryInput, output: categories.subcategoriesOutput },
  '/api/test-purchase/fetch': { input: testPurchases.fetchTestPurchasesInput, output: testPurchases.testPurchasesOutput },
  '/api/test-purchase/add': { input: testPurchases.addTestPurchaseInput, output: testPurchases.testPurchasesOutput },
  '/api/test-purchase/update': { input: testPurchases.updateTestPurchaseInput, output: testPurchases.testPurchasesOutput },
  '/api/test-purchase/remove': { input: testPurchases.removeTestPurchaseInput, output: testPurchases.testPurchasesOutput },
  '/api/test-purchase/regions': { input: testPurchases.regionsInput, output: testPurchases.regionsOutput },
  '/api/trademark/search-trademarks': { input: trademarks.searchTrademarksInput, output: trademarks.searchTrademarksOutput },
  '/api/trademark/get-trademark': { input: trademarks.trademarkIdInput, output: trademarks.trademarkOutput },
  '/api/trademark/create-trademark': { input: trademarks.createTrademarkInput, output: trademarks.trademarkOutput },
  '/api/trademark/update-trademark': { input: trademarks.updateTrademarkInput, output: trademarks.trademarkOutput },
  '/api/trademark/remove-trademark': { input: trademarks.trademarkIdInput, output: trademarks.removeTrademarkOutput },
  /** Multipart: the text fields below plus the `file` part. */
  '/api/trademark/upload-image': { input: trademarks.uploadImageInput, output: trademarks.uploadImageOutput },
  '/api/trademark/remove-image': { input: trademarks.removeImageInput, output: trademarks.removeImageOutput },
  /** Multipart: the text fields below plus an optional `file` part (the design mark). */
  '/api/trademark/registration': { input: trademarks.registrationInput, output: trademarks.registrationOutput },
  '/api/ec-report/fetch-reports': { input: ecReports.fetchReportsInput, output: ecReports.reportsOutput },
  '/api/ec-report/remove-report': { input: ecReports.reportActionInput, output: ecReports.reportActionOutput },
  '/api/ec-report/inherit-records': { input: ecReports.reportActionInput, output: ecReports.reportActionOutput },
  '/api/ec-report/delete-repeat-records': { input: ecReports.reportActionInput, output: ecReports.reportActionOutput },
  '/api/ec-report/post-report': { input: ecReports.postReportInput, output: ecReports.reportActionOutput },
  /** Multipart: clientId plus the spreadsheet as `file`. A refused sheet answers code 1022 with data.errors. */
  '/api/ec-report/upload-report': { input: ecReports.uploadReportInput, output: ecReports.uploadReportOutput },
  '/api/ec-report/batch-update': { input: ecReports.uploadReportInput, output: ecReports.uploadReportOutput },
  '/api/ec-data/search-records': { input: ecRecords.searchRecordsInput, output: ecRecords.searchRecordsOutput },
  '/api/ec-data/fetch-filters': { input: ecRecords.fetchFiltersInput, output: ecRecords.fetchFiltersOutput },
  '/api/ec-data/get-record': { input: ecRecords.recordIdInput, output: ecRecords.recordOutput },
  '/api/ec-data/get-record-history': { input: ecRecords.recordIdInput, output: ecRecords.historyOutput },
  '/api/ec-data/update-record': { input: ecRecords.updateRecordInput, output: ecRecords.updateRecordOutput },
  '/api/ec-data/batch-update-category': { input: ecRecords.batchCategoryInput, output: ecRecords.batchOutput },
  '/api/ec-data/batch-update-action': { input: ecRecords.batchActionInput, output: ecRecords.batchOutput },
  /** Multipart: clientId, recordId plus a png/jpg image as `file`. */
  '/api/ec-data/upload-image': { input: ecRecords.uploadEvidenceInput, output: ecRecords.uploadEvidenceOutput },
  '/api/ec-data/delete-upload-pic': { input: ecRecords.deleteEvidenceInput, output: ecRecords.deleteEvidenceOutput },
  '/api/ec-data/fetch-report-names': { input: ecReports.reportNamesInput, output: ecReports.reportNamesOutput },
  '/api/ec-data/get-columns': { input: ecRecords.getColumnsInput, output: ecRecords.columnsOutput },
  '/api/ec-data/set-columns': { input: ecRecords.setColumnsInput, output: ecRecords.columnsOutput },
  '/api/analyst/fetch-ec-sites': { input: sites.fetchSitesInput, output: sites.fetchSitesOutput },
  '/api/analyst/get-ec-site': { input: sites.getSiteInput, output: sites.siteOutput },
  '/api/analyst/create-ec-site': { input: sites.createSiteInput, output: sites.siteOutput },
  '/api/analyst/update-ec-site': { input: sites.updateSiteInput, output: sites.siteOutput },
  '/api/analyst/remove-ec-site': { input: sites.removeSiteInput, output: sites.fetchSitesOutput },
  '/api/analyst/ec-account/fetch': { input: sites.fetchAccountsInput, output: sites.accountsOutput },
  '/api/analyst/ec-account/add': { input: sites.addAccountInput, output: sites.accountsOutput },
  '/api/analyst/ec-account/update': { input: sites.updateAccountInput, output: sites.accountsOutput },
  '/api/analyst/ec-account/remove': { input: sites.removeAccountInput, output: sites.accountsOutput },
} as const;

export type CallPath = keyof typeof calls;
export type CallInput<P extends CallPath> = z.input<(typeof calls)[P]['input']>;
export type CallOutput<P extends CallPath> = z.output<(typeof calls)[P]['output']>;
