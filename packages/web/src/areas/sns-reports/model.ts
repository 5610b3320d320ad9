/** The SNS report tab's own parts: its query keys (the addresses and file checks are the shared ../reports ones). */

export const snsReportKeys = {
  all: ['sns-reports'] as const,
  list: (clientId: number) => ['sns-reports', clientId] as const,
};
