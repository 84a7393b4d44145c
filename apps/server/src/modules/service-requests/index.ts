/** The service-requests module's public entry point: other modules and the app import only this file. */
export { publishChange } from './announce.js';
export { type RequestCaller } from './caller.js';
export { giveFeedback } from './feedback.js';
export { awaitingQualityCheckSql, listRequests } from './list-queries.js';
export { loadRequest, summaryOf } from './mappers.js';
export { createServiceRequest, type Invitation, mailInvitation, raiseRequest } from './raise.js';
export { requestSearchSql } from './search-queries.js';
export { applyRequestAction } from './transitions.js';
export { TRACKING_TOKEN_PATTERN, requestIdOfTrackingToken, revokeTrackingToken, trackingTokenOf, trackingUrl } from './tracking-link.js';
export { requestVisibleTo } from './queries.js';
export { serviceRequestRoutes } from './routes.js';
export { createServiceRequestService, type ServiceRequestService } from './service.js';
export { fillMissingSlaDue, refreshAllSlaDue, retimeAfterSettingsChange } from './sla-due.js';
export { slaColumns, type SlaColumns } from './sla-queries.js';
export { slaOfRow, slaRulesOf } from './sla-inputs.js';
export { closeWorkEntry, openWorkEntry, partLine, reportFiguresOf, workEntry } from './work-record-queries.js';
