import type { CallPath } from './api.js';
import type { DownloadPath } from './downloads.js';

/**
 * What every call of the registry (api.ts) does, in English, for the API document (GET /api/openapi.json, the
 * viewer at /api/docs and the typed client generated from it): a `summary` (a short line, what it does) and a
 * `description` (what it takes, what it answers, what it refuses). Typed by CallPath, so a call added to api.ts
 * without its entry here does not type-check; the server's registry also refuses at start a call without a summary.
 * Who may call it and whether an API key may are added to the description from the call's declaration.
 */
export interface CallDoc {
  summary: string;
  description: string;
}

const doc = (summary: string, description: string): CallDoc => ({ summary, description });

export const callDocs: { readonly [P in CallPath]: CallDoc } = {
  // Session and profile
  '/api/requestcode': doc('Mail a one-time code', 'Mails a one-time code to the address, which sign-in, sign-up, password reset and password change send back. Mailed whether or not an account has the address; requests are throttled per address and per network address (HTTP 429, or code 1005 when asked again too soon).'),
  '/api/login': doc('Sign in with password and mailed code', 'Signs a person in with their mail, password and the code mailed by requestcode, and answers a session token for the Authorization header. Failed attempts are counted per address and per client address (HTTP 429 when throttled). Programs use an API key instead.'),
  '/api/signup': doc('Sign up for an account', 'Creates a client user account (name, mail, password) proven by the code mailed to the address by requestcode. The new user belongs to no company until an administrator links them to one; a mail already in use answers code 1006.'),
  '/api/resetpassword': doc('Reset a forgotten password', 'Sets a new password for the account of the address, proven by the code mailed to it; every session of the account ends. Answers code 1007 when no account has the address.'),
  '/api/logout': doc('Sign out', 'Ends the caller\'s session (the token sent, or the one in the payload). Harmless when the session has already ended.'),
  '/api/user/userinfo': doc('The signed-in user\'s profile', 'Answers the caller\'s account: name, mail, role, locale, and for a client user their company and its contracts (an administrator may name another user by `userid`). The first call a program makes to check its key.'),
  '/api/user/update-settings': doc('Change the display language', 'Sets the language of the caller\'s screens, mails and error messages (en or ja).'),
  '/api/user/update-userinfo': doc('Change own name and phone', 'Changes the caller\'s own name and telephone number and answers the updated profile.'),
  '/api/user/reset-password': doc('Change own password', 'Changes the caller\'s password after checking the current one and a mailed code; the caller\'s other sessions end. Answers code 1008 when the current password is wrong.'),
  '/api/user/create-api-key': doc('Create a personal API key', 'Creates an API key acting as the caller, with a name and an optional expiry date, and answers its secret once (it starts with the key prefix). A user may hold a limited number of active keys.'),
  '/api/user/fetch-api-keys': doc('List own API keys', 'Lists the caller\'s API keys with their names and the dates of creation, expiry and last use; never the secrets.'),
  '/api/user/revoke-api-key': doc('Revoke an own API key', 'Revokes one of the caller\'s API keys at once; calls made with it are refused from then on.'),
  '/api/admin/fetch-api-keys': doc('List every user\'s API keys', 'Lists the API keys of every user, or of one user when `userId` is given, without their secrets, for an administrator\'s review.'),
  '/api/admin/revoke-api-key': doc('Revoke any user\'s API key', 'Revokes any user\'s API key, for instance one that leaked.'),
  '/api/notication/unviewed-notice-count': doc('Count unread notices', 'Answers how many of the caller\'s notices are not yet viewed (the badge of the bell in the header).'),

  // Accounts and clients (administration)
  '/api/admin/search-users': doc('Search user accounts', 'Searches the portal\'s accounts by role, dates and words (name, mail, company), paged; with `removed` the removed accounts instead (to restore one).'),
  '/api/admin/get-user': doc('Get one user account', 'Answers one account with its role, company, department and the clients an analyst manages.'),
  '/api/admin/create-user': doc('Create a user account', 'Creates an account (administrator, analyst or a client company\'s user) with its initial password; the mail must be unused (code 1006 otherwise).'),
  '/api/admin/update-user': doc('Change a user account', 'Changes an account\'s name, phone, role, remarks, company or department, or sets a new password. An administrator cannot demote themselves, and a user cannot switch between staff and client kinds.'),
  '/api/admin/remove-user': doc('Remove a user account', 'Removes an account: its sessions and API keys stop working at once. It can be restored later; an administrator cannot remove themselves.'),
  '/api/admin/restore-user': doc('Restore a removed user account', 'Restores a removed account, which can sign in again, and answers it.'),
  '/api/analyst/fetch-clients': doc('List the clients to work on', 'Lists the client companies for the staff\'s client selectors: every client for administrators, the clients an analyst manages (every client with `all`). The ids are the `clientId` that most calls take.'),
  '/api/admin/search-clients': doc('Search client companies', 'Searches the client companies by dates and words, paged, with their contract periods and managing analysts.'),
  '/api/admin/get-client': doc('Get one client company', 'Answers one client company with its contact details, contracts per service and managing analysts.'),
  '/api/admin/create-client': doc('Create a client company', 'Creates a client company with its contact details, contracts and managing analysts; the name must be unused.'),
  '/api/admin/update-client': doc('Change a client company', 'Changes a client company\'s details, contracts or managing analysts and answers it as saved.'),
  '/api/admin/remove-client': doc('Remove a client company', 'Removes a client company from the lists and selectors; its data stays and comes back with a restore.'),
  '/api/admin/restore-client': doc('Restore a removed client company', 'Restores a removed client company and answers it; code 1015 when it was not removed.'),

  // A client's master data (kept by its analysts)
  '/api/client-settings/upload-genuine-photos': doc('Upload genuine product photos', 'Multipart: `clientId`, an optional `brand` (the brand or model shown) and one or more photos (PNG, JPEG or GIF, checked by their bytes) as `file` parts. Each photo is fingerprinted at once and matched with the client\'s listing pictures already looked at; answers the new photos\' ids. A picture that cannot be read refuses the whole upload.'),
  '/api/client-settings/fetch-genuine-photos': doc('List genuine product photos', 'Lists the client\'s genuine product photos with their brand, file name, upload time and how many of the client\'s records show each one (same photo).'),
  '/api/client-settings/remove-genuine-photo': doc('Remove a genuine product photo', 'Removes a genuine product photo and the same-photo matches found with it.'),
  '/api/client-settings/get-picture-settings': doc('Get picture matching settings', 'Answers the client\'s largest fingerprint distance (bits of 64, default 10) at which a listing picture is the same photo as a genuine one or as another seller\'s picture.'),
  '/api/client-settings/set-picture-settings': doc('Set picture matching settings', 'Sets the client\'s same-photo distance (0-11 bits of 64); the client\'s pictures already looked at are matched again in the background with it (no picture is fetched again).'),
  '/api/ec-data/search-by-picture': doc('Find marketplace records by picture', 'Multipart: `clientId` and a picture (PNG, JPEG or GIF) as the `file` part. Answers the client\'s marketplace records whose listing pictures are nearest the given one by their perceptual fingerprint (at most 11 of 64 bits apart, at most 100 records), nearest first, each with its `distance` in bits. Client users get their company\'s posted records only.'),
  '/api/analyst/fetch-brands': doc('List a client\'s brands', 'Lists the client\'s brands with their keywords and models (with reference prices), used to match uploaded records.'),
  '/api/analyst/create-brand': doc('Add a brand', 'Adds a brand to the client\'s master data and answers the client\'s brands.'),
  '/api/analyst/update-brand': doc('Rename a brand', 'Renames one of the client\'s brands and answers the client\'s brands.'),
  '/api/analyst/remove-brand': doc('Remove a brand', 'Removes a brand with its keywords and models and answers the client\'s brands.'),
  '/api/analyst/create-brand-keyword': doc('Add a brand keyword', 'Adds a search keyword to a brand and answers the brand\'s keywords.'),
  '/api/analyst/update-brand-keyword': doc('Change a brand keyword', 'Changes one keyword of a brand and answers the brand\'s keywords.'),
  '/api/analyst/remove-brand-keyword': doc('Remove a brand keyword', 'Removes one keyword of a brand and answers the brand\'s keywords.'),
  '/api/analyst/create-brand-model': doc('Add a brand model', 'Adds a product model with its reference price to a brand; the price drives the impact amount. Answers the brand\'s models.'),
  '/api/analyst/update-brand-model': doc('Change a brand model', 'Changes a model\'s name or reference price and answers the brand\'s models.'),
  '/api/analyst/remove-brand-model': doc('Remove a brand model', 'Removes one model of a brand and answers the brand\'s models.'),
  '/api/analyst/fetch-product-categories': doc('List a client\'s product categories', 'Lists the client\'s product categories, which records are classified into.'),
  '/api/analyst/create-product-category': doc('Add a product category', 'Adds a product category to the client\'s master data and answers the list.'),
  '/api/analyst/update-product-category': doc('Rename a product category', 'Renames one of the client\'s product categories and answers the list.'),
  '/api/analyst/remove-product-category': doc('Remove a product category', 'Removes one of the client\'s product categories and answers the list.'),
  '/api/analyst/fetch-custom-columns': doc('List a client\'s custom columns', 'Lists the extra columns defined for the client\'s marketplace records, which uploads and the record list carry.'),
  '/api/analyst/create-custom-column': doc('Add a custom column', 'Adds an extra column to the client\'s marketplace records and answers the list.'),
  '/api/analyst/update-custom-column': doc('Rename a custom column', 'Renames one of the client\'s custom columns and answers the list.'),
  '/api/analyst/remove-custom-column': doc('Remove a custom column', 'Removes one of the client\'s custom columns (and its values) and answers the list.'),
  '/api/analyst/fetch-special-urls': doc('List black- or white-listed sellers', 'Lists the client\'s black list or white list (by `type`) of seller URLs and ids, used when records are checked on upload.'),
  '/api/analyst/create-special-url': doc('Add a black- or white-listed seller', 'Adds a seller (URL, name, seller id, company, remarks) to the client\'s black or white list and answers the list.'),
  '/api/analyst/update-special-url': doc('Change a listed seller', 'Changes one entry of the client\'s black or white list and answers the list.'),
  '/api/analyst/remove-special-url': doc('Remove a listed seller', 'Removes one entry of the client\'s black or white list and answers the list.'),
  '/api/analyst/fetch-special-words': doc('List special wording', 'Lists the client\'s wording lists (by `type`), words that mark a listing as suspicious or as harmless.'),
  '/api/analyst/create-special-word': doc('Add a special word', 'Adds a word to one of the client\'s wording lists and answers the list.'),
  '/api/analyst/update-special-word': doc('Change a special word', 'Changes one word of the client\'s wording lists and answers the list.'),
  '/api/analyst/remove-special-word': doc('Remove a special word', 'Removes one word from the client\'s wording lists and answers the list.'),
  '/api/analyst/fetch-attorney-letters': doc('List attorney letters', 'Lists the client\'s attorney letters (power of attorney per region, with validity dates and whether a reminder is mailed before they expire).'),
  '/api/analyst/create-attorney-letter': doc('Add an attorney letter', 'Records an attorney letter of the client for a region and period and answers the list.'),
  '/api/analyst/update-attorney-letter': doc('Change an attorney letter', 'Changes an attorney letter\'s region, period or reminder and answers the list.'),
  '/api/analyst/remove-attorney-letter': doc('Remove an attorney letter', 'Removes one of the client\'s attorney letters and answers the list.'),
  '/api/analyst/get-trademark-countries': doc('Get trademark registration countries', 'Answers the countries and regions in which the client\'s trademarks are registered, as kept for the client.'),
  '/api/analyst/set-trademark-countries': doc('Set trademark registration countries', 'Replaces the client\'s list of trademark registration countries and regions; unknown codes are refused (code 1017).'),
  '/api/analyst/get-impact-settings': doc('Get impact amount settings', 'Answers how the client\'s impact amount (lost revenue) is computed: which count (sales, stock or a fixed number), which price and the percentage applied.'),
  '/api/analyst/set-impact-settings': doc('Set impact amount settings', 'Sets how the client\'s impact amount is computed (count, price and percentage) and answers the settings.'),

  // Notices and news
  '/api/notication/search-notification': doc('List own notices', 'Lists the caller\'s notices (records updated, reports posted, service request news), newest first and paged, with whether each was viewed.'),
  '/api/notication/view-notification': doc('Mark a notice viewed', 'Marks one of the caller\'s notices viewed and answers the notice.'),
  '/api/ipf-news': doc('List news', 'Lists the portal\'s news items, newest first and paged, as shown on the home page.'),
  '/api/admin/news/create': doc('Publish a news item', 'Publishes a news item (title, body, date) on every user\'s home page and answers it.'),
  '/api/admin/news/update': doc('Change a news item', 'Changes a news item\'s title, body or date and answers it.'),
  '/api/admin/news/remove': doc('Remove a news item', 'Removes a news item from the news list.'),

  // Infringement categories (shared by every client)
  '/api/analyst/fetch-infringement-categories': doc('List infringement categories', 'Lists the infringement categories that records are categorized into (shared by every client).'),
  '/api/analyst/create-infringement-category': doc('Add an infringement category', 'Adds an infringement category and answers the list.'),
  '/api/analyst/update-infringement-category': doc('Rename an infringement category', 'Renames an infringement category and answers the list.'),
  '/api/analyst/remove-infringement-category': doc('Remove an infringement category', 'Removes an infringement category that no record uses and answers the list.'),
  '/api/analyst/fetch-infringement-subcategories': doc('List infringement subcategories', 'Lists the subcategories of an infringement category, each mapped to an aggregate category for the dashboards.'),
  '/api/analyst/create-infringement-subcategory': doc('Add an infringement subcategory', 'Adds a subcategory to an infringement category and answers its subcategories.'),
  '/api/analyst/update-infringement-subcategory': doc('Change an infringement subcategory', 'Changes a subcategory\'s name or aggregate category and answers the subcategories.'),
  '/api/analyst/remove-infringement-subcategory': doc('Remove an infringement subcategory', 'Removes a subcategory that no record uses and answers the subcategories.'),

  // Crawler tasks
  '/api/ec-crawler-task': doc('Search crawler tasks', 'Searches the marketplace crawler tasks by dates, words, status, type and client, sorted and paged, with each task\'s subtasks and counts.'),
  '/api/ec-crawler-task/detail': doc('Get a crawler task', 'Answers one crawler task with its subtasks (site, keyword, start URL, desired and scraped counts, status).'),
  '/api/ec-crawler-task/fetch-progress': doc('Poll crawler task progress', 'Answers only the status and scraped counts of the given tasks and their subtasks, for polling while they run.'),
  '/api/ec-crawler-task/fetch-sites': doc('List crawlable marketplace sites', 'Lists the marketplace sites that have a crawler, which a subtask may name.'),
  '/api/ec-crawler-task/create': doc('Create a crawler task', 'Creates a crawler task for a client (title, type, planned start, remarks) with its subtasks, in status new.'),
  '/api/ec-crawler-task/update': doc('Change a crawler task', 'Changes the fields sent of a task that is not running and answers the task.'),
  '/api/ec-crawler-task/remove': doc('Remove a crawler task', 'Removes a task that is not running, with its subtasks and scraped listings.'),
  '/api/ec-crawler-task/clone': doc('Copy a crawler task', 'Creates a new task (status new) with the same settings and subtasks as an existing one.'),
  '/api/ec-crawler-subtask/create': doc('Add a crawler subtask', 'Adds a subtask (site, keyword or start URL, desired count) to a task and answers the task.'),
  '/api/ec-crawler-subtask/update': doc('Change a crawler subtask', 'Changes a subtask that is not running and answers its task.'),
  '/api/ec-crawler-subtask/remove': doc('Remove a crawler subtask', 'Removes a subtask that is not running, with its listings, and answers its task.'),
  '/api/ec-crawler-command/start': doc('Start crawling', 'Queues the task, or the subtasks named, for the crawler; the status moves to pending, then scraping. Refused (code 1041) in a status that does not allow it.'),
  '/api/ec-crawler-command/stop': doc('Stop crawling', 'Stops the task, or the subtasks named; what was scraped so far is kept.'),

  // Test purchases
  '/api/test-purchase/fetch': doc('List test purchases', 'Lists the planned test purchases (which client\'s products to buy on which site and region, and how many).'),
  '/api/test-purchase/add': doc('Add a test purchase', 'Adds a test purchase plan and answers the list.'),
  '/api/test-purchase/update': doc('Change a test purchase', 'Changes a test purchase plan and answers the list.'),
  '/api/test-purchase/remove': doc('Remove a test purchase', 'Removes a test purchase plan and answers the list.'),
  '/api/test-purchase/regions': doc('List test purchase regions', 'Lists the regions a test purchase may name.'),

  // Trademarks
  '/api/trademark/search-trademarks': doc('Search trademarks', 'Searches a client\'s trademarks by dates, words, status, country and class, sorted and paged.'),
  '/api/trademark/get-trademark': doc('Get a trademark', 'Answers one trademark with its registration data, classes, renewal dates and images.'),
  '/api/trademark/create-trademark': doc('Add a trademark', 'Records a trademark of a client (word or design mark, country, number, classes, dates) and answers it.'),
  '/api/trademark/update-trademark': doc('Change a trademark', 'Changes a trademark\'s registration data and answers it.'),
  '/api/trademark/remove-trademark': doc('Remove a trademark', 'Removes a trademark with its images.'),
  '/api/trademark/upload-image': doc('Upload a trademark image', 'Multipart: `trademarkId` and the picture (PNG, JPEG, GIF) as the `file` part; the bytes are checked, not the name. Answers the stored image.'),
  '/api/trademark/remove-image': doc('Remove a trademark image', 'Removes one image of a trademark.'),
  '/api/trademark/registration': doc('Request a trademark registration', 'Multipart: the registration request\'s fields (word, classes, countries, remarks) and an optional design mark as the `file` part. Creates a service request for the provider\'s desk; a word or an image is required.'),

  // Service requests
  '/api/service-request/create': doc('Create a service request', 'Creates a request to the provider (a takedown, an investigation, a registration...) for a client, as a draft or sent, and answers it.'),
  '/api/service-request/search': doc('Search service requests', 'Searches service requests by dates, words, status, type and client, sorted and paged.'),
  '/api/service-request/get': doc('Get a service request', 'Answers one service request with its messages, files and history of status changes. A request of another company, or of a client the analyst does not manage, answers code 1009 exactly as a missing one.'),
  '/api/service-request/update': doc('Change a service request', 'Changes a request\'s fields, status, assignee or due date as the caller\'s role allows (a client user may only cancel); steps out of order are refused (code 1024).'),
  '/api/service-request/add-message': doc('Add a message to a service request', 'Adds a message to a request\'s conversation; the other side is notified.'),
  '/api/service-request/upload-file': doc('Attach a file to a service request', 'Multipart: `requestId` and the file (PDF, image or office document, checked by its bytes) as the `file` part.'),
  '/api/service-request/remove': doc('Remove a draft service request', 'Removes a service request that is still a draft.'),

  // Marketplace (EC) reports and records
  '/api/ec-report/fetch-reports': doc('List a client\'s marketplace reports', 'Lists the client\'s uploaded marketplace (EC) reports with their record counts and whether each is posted.'),
  '/api/ec-report/remove-report': doc('Remove a marketplace report', 'Removes a report with all its records (and their takedowns) and answers the report list.'),
  '/api/ec-report/inherit-records': doc('Inherit earlier results into a report', 'Copies the category, response and takedown rounds of each record\'s earlier copy (the same listing URL in another report of the client) onto the report\'s records, and answers how many were filled.'),
  '/api/ec-report/delete-repeat-records': doc('Delete repeated records of a report', 'Deletes the report\'s records marked as repeats of a listing already reported, and answers how many were deleted.'),
  '/api/ec-report/post-report': doc('Post a marketplace report to the client', 'Publishes the report\'s categorized records (and the uncategorized ones when asked) to the client\'s users, who are notified.'),
  '/api/ec-report/upload-report': doc('Upload a marketplace report', 'Multipart: `clientId` and the spreadsheet (.xlsx, .xls or .csv in the EC template) as the `file` part. Creates a report of new records matched against the client\'s master data. A refused sheet answers code 1022 with the problems in `data.errors`.'),
  '/api/ec-report/batch-update': doc('Update marketplace records from a spreadsheet', 'Multipart: `clientId` and a spreadsheet of existing records (by record id) as the `file` part; updates their fields in one go. A refused sheet answers code 1022 with the problems in `data.errors`.'),
  '/api/ec-data/search-records': doc('Search marketplace records', 'Searches a client\'s marketplace (EC) listing records with date ranges, words, column filters and sort, and answers one page with the total and `totalIs`: exact, about (an estimate known to be close, for very large results) or atLeast (a counted lower bound). Client users see their company\'s posted records only.'),
  '/api/ec-data/fetch-filters': doc('Values for a marketplace record column filter', 'Answers the most frequent values of one column over the current search, for the list\'s column filter.'),
  '/api/ec-data/get-record': doc('Get a marketplace record', 'Answers one marketplace record with every field.'),
  '/api/ec-data/get-record-history': doc('Get a marketplace record\'s history', 'Lists the changes of one marketplace record: who changed which fields when, and how (update, batch, upload, inherit).'),
  '/api/ec-data/fetch-price-history': doc('Get a listing\'s price history', 'Answers the prices seen for the record\'s listing over time (from uploads and re-pricing), for the detail\'s chart.'),
  '/api/ec-data/update-record': doc('Change a marketplace record', 'Changes the fields sent of one record: analysts its categorization and takedown rounds (checked in the spec\'s order, code 1023), client users only their response.'),
  '/api/ec-data/batch-update-category': doc('Categorize marketplace records in a batch', 'Sets one infringement category on the selected records (up to 10,000); the batch can be undone for 10 minutes.'),
  '/api/ec-data/batch-update-action': doc('Set the client\'s action on marketplace records', 'Sets the client\'s response action on the selected posted records; the batch can be undone for 10 minutes.'),
  '/api/ec-data/fetch-last-batch': doc('Get own last undoable marketplace batch', 'Answers the caller\'s last batch update of the client\'s marketplace records that can still be undone, or null.'),
  '/api/ec-data/undo-batch': doc('Undo a marketplace batch update', 'Restores the records of the caller\'s batch as they were, unless it expired or they changed since.'),
  '/api/ec-data/upload-image': doc('Upload an evidence picture', 'Multipart: `clientId`, `recordId` and a PNG or JPEG as the `file` part; adds it to the record\'s evidence pictures.'),
  '/api/ec-data/delete-upload-pic': doc('Delete an evidence picture', 'Deletes one uploaded evidence picture of a marketplace record.'),
  '/api/ec-data/fetch-report-names': doc('List marketplace report names', 'Lists the names of the client\'s marketplace reports the caller may see, for the record list\'s report filter.'),
  '/api/ec-data/get-columns': doc('Get own marketplace list columns', 'Answers which columns the caller chose to show in the marketplace record list.'),
  '/api/ec-data/set-columns': doc('Set own marketplace list columns', 'Remembers which columns the caller shows in the marketplace record list.'),

  // Website (WS) reports and records
  '/api/ws-report/fetch-reports': doc('List a client\'s website reports', 'Lists the client\'s uploaded website (WS) reports with their record counts and whether each is posted.'),
  '/api/ws-report/remove-report': doc('Remove a website report', 'Removes a website report with all its records and answers the report list.'),
  '/api/ws-report/post-report': doc('Post a website report to the client', 'Publishes the website report\'s categorized records (and the uncategorized ones when asked) to the client\'s users, who are notified.'),
  '/api/ws-report/upload-report': doc('Upload a website report', 'Multipart: `clientId` and the spreadsheet (WS template) as the `file` part. Creates a report of new website records. A refused sheet answers code 1022 with the problems in `data.errors`.'),
  '/api/ws-report/batch-update': doc('Update website records from a spreadsheet', 'Multipart: `clientId` and a spreadsheet of existing website records as the `file` part; updates their fields in one go. A refused sheet answers code 1022.'),
  '/api/ws-data/search-records': doc('Search website records', 'Searches a client\'s suspicious website (WS) records with date ranges, words, column filters and sort, and answers one page with the total and `totalIs` (exact, about or atLeast, as for EC records).'),
  '/api/ws-data/fetch-filters': doc('Values for a website record column filter', 'Answers the most frequent values of one column over the current website search, for the column filter.'),
  '/api/ws-data/get-record': doc('Get a website record', 'Answers one website record with every field.'),
  '/api/ws-data/get-record-history': doc('Get a website record\'s history', 'Lists the changes of one website record: who changed which fields when.'),
  '/api/ws-data/update-record': doc('Change a website record', 'Changes the fields sent of one website record: analysts its site category and takedown rounds, client users only their response.'),
  '/api/ws-data/batch-update-category': doc('Categorize website records in a batch', 'Sets one site category on the selected website records; the batch can be undone for 10 minutes.'),
  '/api/ws-data/batch-update-action': doc('Set the client\'s action on website records', 'Sets the client\'s response action on the selected posted website records; the batch can be undone for 10 minutes.'),
  '/api/ws-data/fetch-last-batch': doc('Get own last undoable website batch', 'Answers the caller\'s last batch update of the client\'s website records that can still be undone, or null.'),
  '/api/ws-data/undo-batch': doc('Undo a website batch update', 'Restores the website records of the caller\'s batch as they were, unless it expired or they changed since.'),
  '/api/ws-data/fetch-report-names': doc('List website report names', 'Lists the names of the client\'s website reports the caller may see, for the report filter.'),
  '/api/ws-data/get-columns': doc('Get own website list columns', 'Answers which columns the caller chose to show in the website record list.'),
  '/api/ws-data/set-columns': doc('Set own website list columns', 'Remembers which columns the caller shows in the website record list.'),

  // Social network (SNS) reports and records
  '/api/sns-report/fetch-reports': doc('List a client\'s social media reports', 'Lists the client\'s uploaded social media (SNS) reports with their record counts and whether each is posted.'),
  '/api/sns-report/remove-report': doc('Remove a social media report', 'Removes a social media report with all its records and answers the report list.'),
  '/api/sns-report/post-report': doc('Post a social media report to the client', 'Publishes the social media report\'s categorized records (and the uncategorized ones when asked) to the client\'s users, who are notified.'),
  '/api/sns-report/upload-report': doc('Upload a social media report', 'Multipart: `clientId` and the spreadsheet (SNS template: scan date, platform, account URL and post URL required) as the `file` part. A refused sheet answers code 1022.'),
  '/api/sns-report/batch-update': doc('Update social media records from a spreadsheet', 'Multipart: `clientId` and a spreadsheet of existing social media records as the `file` part; updates their fields in one go. A refused sheet answers code 1022.'),
  '/api/sns-data/search-records': doc('Search social media records', 'Searches a client\'s social media (SNS) post and account records with date ranges, words, column filters and sort, and answers one page with the total and `totalIs` (exact, about or atLeast, as for EC records).'),
  '/api/sns-data/fetch-filters': doc('Values for a social media record column filter', 'Answers the most frequent values of one column over the current social media search.'),
  '/api/sns-data/get-record': doc('Get a social media record', 'Answers one social media record with every field.'),
  '/api/sns-data/get-record-history': doc('Get a social media record\'s history', 'Lists the changes of one social media record: who changed which fields when.'),
  '/api/sns-data/update-record': doc('Change a social media record', 'Changes the fields sent of one social media record: analysts its category and takedown rounds, client users only their response.'),
  '/api/sns-data/batch-update-category': doc('Categorize social media records in a batch', 'Sets one category on the selected social media records; the batch can be undone for 10 minutes.'),
  '/api/sns-data/batch-update-action': doc('Set the client\'s action on social media records', 'Sets the client\'s response action on the selected posted social media records; the batch can be undone for 10 minutes.'),
  '/api/sns-data/fetch-last-batch': doc('Get own last undoable social media batch', 'Answers the caller\'s last batch update of the client\'s social media records that can still be undone, or null.'),
  '/api/sns-data/undo-batch': doc('Undo a social media batch update', 'Restores the social media records of the caller\'s batch as they were, unless it expired or they changed since.'),
  '/api/sns-data/fetch-report-names': doc('List social media report names', 'Lists the names of the client\'s social media reports the caller may see, for the report filter.'),
  '/api/sns-data/get-columns': doc('Get own social media list columns', 'Answers which columns the caller chose to show in the social media record list.'),
  '/api/sns-data/set-columns': doc('Set own social media list columns', 'Remembers which columns the caller shows in the social media record list.'),

  // Marketplace sites and the crawler's accounts
  '/api/user/fetch-alert-settings': doc('Get my alert settings', "Answers the signed-in user's alert settings for each client they can see: per event (listings.new, listings.back, listings.price, watch.failed) off, portal, mail or digest, the price floor and drop percentage, and the digest's time zone."),
  '/api/user/update-alert-settings': doc('Change my alert settings', 'Saves how the signed-in user hears of one client\'s watch events (only those sent change), the price floor and drop percentage, and the time zone of the daily digest. Client users may choose listings.back and listings.price of posted records only.'),
  '/api/domain-watch/fetch': doc('List domain watches', "Lists the domain watches (look-alike domains of a client's brand) of a client, or of every client the caller may see, newest first, each with its last run. A client user sees their company's."),
  '/api/domain-watch/detail': doc('Get a domain watch', 'Answers one domain watch: its domains, words, keyword combinations, fuzzers, TLDs, schedule and last run.'),
  '/api/domain-watch/create': doc('Create a domain watch', "Creates a domain watch of a client: the brand's domains (Unicode or punycode, each with a registrable part), dictionary words, keyword combinations (the portal's default words when left out), fuzzers (every one when left out, dnstwist's names plus `keyword`), TLDs for tld-swap and an optional schedule."),
  '/api/domain-watch/update': doc('Edit a domain watch', 'Changes what is sent of a domain watch; the next run uses it. Its candidates stay.'),
  '/api/domain-watch/remove': doc('Remove a domain watch', 'Removes the domain watch with its runs and candidates.'),
  '/api/domain-watch/run-now': doc('Run a domain watch now', 'Starts a run at once and answers at once: the workers compute the permutations (at most the configured cap), resolve them, inspect the pages of the live ones (fetch, screenshot, score against the official site, the watch\'s first domain) and write the candidates at the end. Refused while a run is going on.'),
  '/api/domain-watch/fetch-runs': doc("List a domain watch's runs", 'Lists the runs of a domain watch, newest first: status (1 running, 2 finished, 3 failed), times and counts (permutations, registered, live, new, changed).'),
  '/api/domain-watch/fetch-candidates': doc("List a domain watch's candidates", 'Lists the look-alike domains a domain watch found: registered ones and failed look-ups (registered null, asked again next run), with their fuzzer, DNS answers, score (0-100, from their page against the official site\'s: similarity, logo, brand words, shop, login form), reasons in the caller\'s language (one per point), suggested site category, page and screenshot, and state; filtered by state or to registered ones.'),
  '/api/domain-watch/promote': doc('Promote candidates into WS records', "Turns look-alike domains of one client into WS records of the client, in one new WS report (search engine `domain-watch`, the fuzzer as the search keyword, the domain and `http://domain/` as its page): answers each candidate's record. A candidate promoted before answers the record it became."),
  '/api/domain-watch/dismiss': doc('Dismiss candidates', 'Dismisses look-alike domains of one client: they leave the new ones and come back only when what a run sees of them (registration, DNS answers, page) changes.'),
  '/api/watch/fetch': doc('List watches', "Lists the watches (saved searches the portal runs on a schedule) of a client, or of every client, newest first, each with its sources, schedule, next run and last run."),
  '/api/watch/detail': doc('Get a watch', 'Answers one watch with its sources, schedule, next run and last run.'),
  '/api/watch/create': doc('Create a watch', "Creates a watch of a client: marketplace sites and their search pages, a schedule (every N hours, daily or weekly at a local time in a time zone), how many listings each source reads and whether new listings are captured as evidence."),
  '/api/watch/create-from-task': doc('Watch a crawler task', "Creates a watch from a crawler task's client, sources and evidence setting, with the schedule given (\"keep watching this\")."),
  '/api/watch/update': doc('Edit a watch', 'Changes what is sent of a watch; its sources only while no run is going on. A new schedule counts from now.'),
  '/api/watch/pause': doc('Pause a watch', 'No scheduled run starts until the watch is resumed; a run going on ends as it would.'),
  '/api/watch/resume': doc('Resume a watch', 'Scheduled runs start again, the next one counted from now.'),
  '/api/watch/remove': doc('Remove a watch', 'Removes the watch with its runs and changes; the records its runs made stay. Refused while a run is going on.'),
  '/api/watch/run-now': doc('Run a watch now', 'Starts a run at once and answers at once; the workers crawl it. Refused while a run is going on.'),
  '/api/watch/fetch-runs': doc("List a watch's runs", "Answers the watch's runs, newest first: status (1 running, 2 finished, 3 failed, 4 skipped), times, counts of new, changed, gone, back and unchanged listings, the error of a failed run and the report its new listings became."),
  '/api/watch/fetch-run-changes': doc("List a run's changes", "Answers what a run found: each listing's URL, record, kind of change (new, changed, gone, back) and, for a change, which fields changed from what to what."),
  '/api/analyst/fetch-ec-sites': doc('List marketplace sites', 'Lists the marketplace sites known to the portal (name, URL, region, crawler recipe).'),
  '/api/analyst/get-ec-site': doc('Get a marketplace site', 'Answers one marketplace site with its crawl recipe (the CSS selectors its listing pages are read with).'),
  '/api/analyst/create-ec-site': doc('Add a marketplace site', 'Adds a marketplace site, optionally with a crawl recipe, and answers it.'),
  '/api/analyst/update-ec-site': doc('Change a marketplace site', 'Changes a marketplace site\'s name, URL, region or crawl recipe and answers it.'),
  '/api/analyst/remove-ec-site': doc('Remove a marketplace site', 'Removes a marketplace site with its accounts and answers the remaining sites. A site that crawler tasks use is refused with code 1043 (remove those tasks first, or turn its crawler off).'),
  '/api/analyst/ec-account/fetch': doc('List crawler sign-in accounts', 'Lists the accounts the crawler signs in to marketplace sites with (the passwords are never answered).'),
  '/api/analyst/ec-account/add': doc('Add a crawler sign-in account', 'Adds an account for a marketplace site; its password is stored encrypted.'),
  '/api/analyst/ec-account/update': doc('Change a crawler sign-in account', 'Changes a marketplace account; a password is replaced only when one is sent.'),
  '/api/analyst/ec-site/fetch-page': doc('Open a page of a site to teach its recipe', 'Fetches a page of the site as the crawler does (robots.txt, the site\'s accounts, no private addresses) and answers an inert copy to show: no scripts, handlers, frames or refreshes, absolute addresses, every element numbered (data-bpp-node) so a click can name it. A page not on the site is refused with code 1044; a page that cannot be read with code 1045.'),
  '/api/analyst/ec-site/get-learnt-recipe': doc('Learn a recipe from marked elements', 'Reads the page again and proposes, for each marked field (an element\'s number or the text it shows), a CSS selector that picks exactly that element, with what the crawler reads with it; a field that cannot be learnt comes with the message key of why.'),
  '/api/analyst/ec-site/get-recipe-reading': doc('Try a recipe on a page of a site', 'Answers what the recipe\'s fields read on another page of the site, as a crawl with that recipe reads them, and which fields came out empty. Saves nothing.'),
  '/api/analyst/ec-account/remove': doc('Remove a crawler sign-in account', 'Removes a marketplace account and answers the remaining accounts.'),

  // Dashboards
  '/api/ec-dashboard/fetch-info': doc('Marketplace dashboard figures', 'Answers the online dashboard of a client over a period (by scan or categorize date): categorization status, infringement by country and month, top sellers, takedown results and the impact revenue in USD and JPY.'),
  '/api/home-dashboard': doc('Home page figures', 'Answers the home page\'s figures for a client: online and offline protection cases, registered trademarks by country, test purchases, infringing sellers per country and the newest news.'),
  '/api/admin/fetch-exchange-rates': doc('List exchange rates', 'Lists the monthly exchange rates to USD and JPY used for the impact revenue.'),
  '/api/admin/set-exchange-rate': doc('Set an exchange rate', 'Sets the exchange rate of a currency for a month and answers the rates.'),

  // Triage, evidence and takedown
  // Webhooks (issue 30)
  '/api/webhook/create': doc('Register a webhook endpoint', 'Registers an HTTPS address of the client to receive the events named (records.posted, listings.new, listings.changed, listings.gone, listings.back, takedown.result, watch.run), with an optional description, and answers the endpoint with its signing secret (whsec_...) once. Deliveries are POSTs signed per the Standard Webhooks specification, body { type, timestamp, data }; a Slack incoming-webhook address gets a readable message instead. Addresses inside private networks are refused. A client user registers for their own company only, and only for posted records and takedown results.'),
  '/api/webhook/fetch': doc('List a client\'s webhook endpoints', 'Lists the client\'s endpoints (a client user: those of their own company made by its users) with their events, whether they are enabled and since when they fail; never the secrets.'),
  '/api/webhook/update': doc('Change a webhook endpoint', 'Changes an endpoint\'s address, events or description, turns it off or back on (enabled), or with rotateSecret makes a new signing secret, answered once.'),
  '/api/webhook/remove': doc('Remove a webhook endpoint', 'Removes an endpoint and its delivery log; nothing more is delivered to it.'),
  '/api/webhook/send-test': doc('Send a test delivery', 'Queues a delivery of the event webhook.test to the endpoint, signed like any other, and answers its id; its outcome shows in fetch-deliveries.'),
  '/api/webhook/fetch-deliveries': doc('An endpoint\'s delivery log', 'Lists an endpoint\'s deliveries, newest first: event, status (1 waiting, 2 delivered, 3 failed), attempts, the last status code and the start of the last answer, when it was made, delivered and will next be tried. Failed deliveries are retried with growing waits for a day; an endpoint that fails for a day is disabled and its maker told.'),
  '/api/triage/fetch-rules': doc('List triage rules', 'Lists a client\'s triage rules in their order; the first rule that matches a record suggests its category.'),
  '/api/triage/create-rule': doc('Add a triage rule', 'Adds a rule (conditions on title, seller, price, site... and the category it suggests) at the end of the client\'s rules; the client\'s records are re-evaluated in the background.'),
  '/api/triage/update-rule': doc('Change a triage rule', 'Changes a triage rule\'s conditions or category; the records are re-evaluated in the background.'),
  '/api/triage/remove-rule': doc('Remove a triage rule', 'Removes a triage rule; the records are re-evaluated in the background.'),
  '/api/triage/move-rule': doc('Reorder a triage rule', 'Moves a rule to a position (0 first) among the client\'s rules, which changes which rule wins.'),
  '/api/triage/backtest': doc('Backtest a triage rule', 'Runs a rule, before it is saved, over the client\'s categorized records and answers how often its suggestion agrees with the category set, with some disagreements to inspect.'),
  '/api/triage/evaluate': doc('Re-run the triage rules now', 'Queues a re-evaluation of all the client\'s records by its rules (also queued by every rule change and upload).'),
  '/api/triage/fetch-suggestions': doc('Get triage suggestions', 'Answers the suggested category of the given records, with the rule and the trace of the conditions that made it.'),
  '/api/triage/fetch-accept-count': doc('Count suggestions to accept', 'Answers how many of the target records (a selection or a whole search result) have a suggestion that differs from their category.'),
  '/api/triage/accept-suggestions': doc('Accept triage suggestions', 'Sets the suggested category on the target records in one batch, which can be undone like any batch update.'),
  '/api/triage/seller-clusters': doc('List seller networks', 'Lists the client\'s seller networks: sellers and accounts tied by a shared URL, id, name, phone, mail or address, with repeat offenders flagged.'),
  '/api/evidence/capture': doc('Capture a record\'s page as evidence', 'Queues a capture of the record\'s listing page (a screenshot and the HTML as served, with their SHA-256) and answers the pending capture.'),
  '/api/evidence/list': doc('List a record\'s evidence', 'Lists the captures of a record, pending, done or failed (with the reason), newest first.'),
  '/api/evidence/capture-batch': doc('Capture many records\' pages', 'Queues captures of the selected records\' pages (a limited number at once) and answers their ids for fetch-progress.'),
  '/api/evidence/fetch-progress': doc('Poll evidence capture progress', 'Answers how many of the given captures are pending, done or failed.'),
  '/api/takedown/compose': doc('Compose takedown notices', 'Composes the takedown notices of the selected records for one channel (DSA, eBay VeRO, Amazon, ...), with the problems a platform would refuse each for; nothing is stored. Without a channel, for the one proposed for the listings\' marketplace (its own channel, or mail when it has none or the selection mixes marketplaces), answered as proposed.'),
  '/api/takedown/mark-sent': doc('Mark takedown notices sent', 'Stores the notices of the selected records as sent and fills the report date of the round (or each record\'s first open round).'),
  '/api/takedown/fetch-notices': doc('List sent takedown notices', 'Lists the takedown notices sent for a client\'s records of a kind, or of one record.'),
  '/api/analyst/get-recheck-settings': doc('Get takedown re-check settings', 'Answers after how many days a taken-down listing of the client is captured again to check that it is gone.'),
  '/api/analyst/set-recheck-settings': doc('Set takedown re-check settings', 'Sets after how many days (1 to 14) a taken-down listing of the client is captured again.'),
  '/api/takedown-recheck/get-record': doc('Get a record\'s takedown re-check', 'Answers the re-check of a taken-down record: when it is due or was made, and whether the listing was gone or still live.'),
  '/api/takedown/acceptance': doc('Takedown acceptance rates', 'Answers, per marketplace and report round, how the notices sent in a period ended (taken down, no action, in review) and the acceptance rate against the target.'),
};

/**
 * What every GET download (downloads.ts) does, for the same document: its summary and description as for a call,
 * and the content types a successful answer may have. The query parameters are described by the download's
 * query schema itself.
 */
export interface DownloadDoc extends CallDoc {
  answers: readonly [string, ...string[]];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportDoc = (what: string): DownloadDoc => ({
  summary: `Export ${what} records as a spreadsheet`,
  description: `Answers the whole result of a ${what} record search (no paging) as an .xlsx attachment. The \`search\` parameter is search-records' payload as JSON, without clientId and the paging.`,
  answers: [XLSX],
});
const reportDoc = (what: string): DownloadDoc => ({
  summary: `Download a ${what} report`,
  description: `Answers the records of one uploaded ${what} report as an .xlsx in the upload template's columns.`,
  answers: [XLSX],
});
const templateDoc = (what: string): DownloadDoc => ({
  summary: `Download the ${what} upload template`,
  description: `Answers an empty .xlsx with the columns a ${what} report upload takes, the client's custom columns included.`,
  answers: [XLSX],
});

export const downloadDocs: { readonly [P in DownloadPath]: DownloadDoc } = {
  '/api/ec-data/export-search-result': exportDoc('marketplace'),
  '/api/ws-data/export-search-result': exportDoc('website'),
  '/api/sns-data/export-search-result': exportDoc('social media'),
  '/api/ec-report/download-report': reportDoc('marketplace'),
  '/api/ws-report/download-report': reportDoc('website'),
  '/api/sns-report/download-report': reportDoc('social media'),
  '/api/ec-report/download-template': templateDoc('marketplace'),
  '/api/ws-report/download-template': templateDoc('website'),
  '/api/sns-report/download-template': templateDoc('social media'),
  '/api/records/thumbnail': {
    summary: 'Download a record\'s picture',
    description: 'Answers a record\'s picture, shrunk: the listing\'s image, an uploaded screenshot, or the latest evidence capture. HTTP 404 when the record has none the caller may see.',
    answers: ['image/png', 'image/jpeg'],
  },
  '/api/service-request/file': {
    summary: 'Download a service request\'s file',
    description: 'Answers a file attached to a service request the caller may read, always as an attachment under its original name.',
    answers: ['application/octet-stream'],
  },
  '/api/ec-data/get-upload-pic': {
    summary: 'Download an uploaded evidence picture',
    description: 'Answers one evidence picture uploaded to a marketplace record the caller may see.',
    answers: ['image/png', 'image/jpeg'],
  },
  '/api/trademark/get-trademark-image': {
    summary: 'Download a trademark image',
    description: 'Answers one stored image of a trademark the caller may see, by the name get-trademark answers.',
    answers: ['image/png', 'image/jpeg', 'image/gif'],
  },
  '/api/client-settings/genuine-photo': {
    summary: 'Download a genuine product photo',
    description: 'Answers one genuine product photo of a client the caller may see, as uploaded.',
    answers: ['image/png', 'image/jpeg', 'image/gif'],
  },
  '/api/takedown/export': {
    summary: 'Export takedown notices',
    description: 'Composes the notices of the records named (as compose does) and answers them as a Word document or plain text, or, for the channels that take a list of listings (eBay VeRO, Amazon, Alibaba IPP), as a CSV table.',
    answers: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain', 'text/csv'],
  },
  '/api/ec-crawler-command/download': {
    summary: 'Download a finished crawler task\'s listings',
    description: 'Answers the listings a finished task scraped: 1 an .xlsx in the marketplace upload template (uploadable as a new report), 2 every scraped field as .csv, 3 a .zip of the evidence (screenshots and HTML with a manifest of SHA-256 sums).',
    answers: [XLSX, 'text/csv', 'application/zip'],
  },
  '/api/evidence/file': {
    summary: 'Download an evidence capture',
    description: 'Answers one part of a finished capture: the screenshot (PNG, shown inline) or the HTML as served (an attachment, never rendered by the portal).',
    answers: ['image/png', 'application/octet-stream'],
  },
  '/api/domain-watch/screenshot': {
    summary: "Download a look-alike domain's screenshot",
    description: "Answers the screenshot (PNG, first screen) of a look-alike domain's page, taken by the run that last saw the page change. Visible to whoever may read the candidate's domain watch; not found otherwise.",
    answers: ['image/png'],
  },
};
