/**
 * The SNS report tab of the client's Data Settings (spec README, "SNS records"), as document 1's WS report tab:
 * social media (SNS) reports uploaded from spreadsheets, then posted to the client, removed or downloaded. Payloads
 * are the EC ones and the answers the website report tab's (one report shape for both kinds). A refused sheet answers
 * code FILE_REJECTED with `data` as ecReports.uploadProblems.
 */
export {
  fetchReportsInput, postReportInput, reportActionInput, reportActionOutput, reportNamesInput, reportNamesOutput, reportsOutput, uploadReportInput,
  uploadReportOutput, wsReport as snsReport,
} from './ws-reports.js';
export type { WsReport as SnsReport } from './ws-reports.js';
