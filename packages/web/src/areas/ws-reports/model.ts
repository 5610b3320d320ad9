/** The WS report tab's own parts: its query keys (the addresses and file checks are the shared ../reports ones). */

export const wsReportKeys = {
  all: ['ws-reports'] as const,
  list: (clientId: number) => ['ws-reports', clientId] as const,
};
