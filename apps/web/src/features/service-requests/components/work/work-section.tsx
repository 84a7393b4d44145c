import { Stack } from '@mantine/core';
import type { TServiceRequest } from '@portal/shared';
import { WorkLog } from './work-log';
import { Diagnostic } from './diagnostic';
import { Parts } from './parts';
import { Photos } from './photos';
import { QualityCheck } from './quality-check';

/**
 * The work on a request (issue #10), as its technician works it on a phone and as everyone
 * else reads it: the work log with a running timer, the diagnostic, parts from the van, photos,
 * the quality check. Each control shows only when `work_actions` says the server allows it.
 */
export function WorkSection({ request }: { request: TServiceRequest }) {
  const started = request.work.work_log.length > 0 || request.work_actions.log_work;
  return (
    <Stack gap="lg" data-testid="sr-work">
      {started && <WorkLog request={request} />}
      {(request.work_actions.edit_diagnostic || request.work.symptoms || request.work.diagnostic_notes || request.work.labor_hours) && <Diagnostic request={request} />}
      {(request.work_actions.use_parts || request.work.parts.length > 0 || request.work.awaiting_transfer) && <Parts request={request} />}
      {(request.work_actions.add_photos || request.work.attachments.length > 0) && <Photos request={request} />}
      <QualityCheck request={request} />
    </Stack>
  );
}
