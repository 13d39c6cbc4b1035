// Written by @auditdesk/shared when it is evaluated; read by the end-to-end suite.
declare var __AUDITDESK_SHARED__: { instances: number } | undefined;
