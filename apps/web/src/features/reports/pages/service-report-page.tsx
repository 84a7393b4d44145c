import type { ReactNode } from 'react';
import { Alert, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TAttachment, TServiceReport } from '@portal/shared';
import { Ltr } from '../../../components/ltr';
import { PageLoader } from '../../../components/page-loader';
import { PrintButton, PrintSheetPage } from '../../../components/print-sheet';
import sheet from '../../../components/print-sheet.module.css';
import { ServiceReportDownload } from '../../../components/service-report-download';
import { useAttachmentUrl } from '../../../lib/attachment-url';
import { useDateFormat } from '../../../lib/date-format';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError } from '../../../lib/errors';
import { formatDuration } from '../../../lib/format-duration';
import { useRealtimeSubscription } from '../../../lib/realtime';
import { useCatalogNames } from '../../../lib/service-options';
import { holdsAll } from '../../../lib/navigation';
import { useCurrentUser } from '../../../lib/use-session';
import { useServiceReport } from '../api/reports';
import classes from './service-report.module.css';
import { QuantityUnit } from '../../../components/quantity-unit';
import { paths } from '../../../lib/paths';

const noop = () => undefined;

/** An image of the request (photo thumbnail or signature), fetched with the caller's token. */
function AttachmentImage({ attachment, thumb, alt, className, testId }: { attachment: TAttachment; thumb?: boolean; alt: string; className?: string; testId: string }) {
  const { url } = useAttachmentUrl(thumb ? attachment.thumb_url : attachment.url);
  return url ? <img src={url} alt={alt} className={className} data-testid={testId} /> : <div className={className} />;
}

function Field({ label, children, wide, testId }: { label: string; children: ReactNode; wide?: boolean; testId?: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={wide ? classes.wide : undefined}>
      <div className={classes.label}>{label}</div>
      <div className={classes.value} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={classes.section} data-testid={testId}>
      <h2 className={classes.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** Free text in the direction of its own first letter. */
const Auto = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <span dir="auto" className={classes.prose} data-testid={testId}>
    {children}
  </span>
);

function Report({ report }: { report: TServiceReport }) {
  const { t, i18n } = useTranslation();
  const format = useDateFormat();
  const fmt = useNumberFormat();
  const catalog = useCatalogNames();
  const r = report.request;
  const money = (amount: string) => fmt.money(amount);
  const photos = r.work.attachments.filter((a) => a.kind === 'photo');
  const signature = (kind: 'technician_signature' | 'customer_signature') => r.work.attachments.find((a) => a.kind === kind);
  const worked = r.work.duration_seconds > 0 ? formatDuration(r.work.duration_seconds / 60, i18n.resolvedLanguage ?? 'en') : '—';

  return (
    <article className={`${sheet.sheet} ${classes.sheet}`} dir={i18n.dir()} lang={i18n.resolvedLanguage} data-testid="service-report">
      <header className={classes.head}>
        <div>
          <div className={classes.company} dir="auto">
            {report.company.name}
          </div>
          <div className={classes.muted}>
            <Ltr>{report.company.support_phone}</Ltr>
          </div>
        </div>
        <div className={classes.titleBlock}>
          <div className={classes.docTitle}>{t('reports.service.title')}</div>
          <div className={classes.number} data-testid="report-number">
            <Ltr>{r.number}</Ltr>
          </div>
        </div>
      </header>

      <Section title={t('serviceRequests.sections.request')}>
        <div className={classes.grid}>
          <Field label={t('serviceRequests.fields.status')}>{t(`serviceRequests.status.${r.status}`)}</Field>
          <Field label={t('serviceRequests.fields.requestDate')}>{format.dateTime(r.request_date)}</Field>
          <Field label={t('serviceRequests.fields.completedAt')}>{r.completed_at ? format.dateTime(r.completed_at) : null}</Field>
          <Field label={t('serviceRequests.fields.serviceType')}>{catalog.serviceType(r.service_type)}</Field>
          <Field label={t('serviceRequests.fields.faultType')}>{catalog.faultType(r.fault_type)}</Field>
          <Field label={t('serviceRequests.fields.location')}>{t(`serviceRequests.location.${r.location}`)}</Field>
          <Field label={t('serviceRequests.fields.problemDescription')} wide>
            <Auto>{r.problem_description}</Auto>
          </Field>
        </div>
      </Section>

      <div className={classes.columns}>
        <Section title={t('serviceRequests.sections.customer')}>
          <div className={classes.stack}>
            <Field label={t('reports.service.name')}>
              <Auto testId="report-customer">{r.customer.name}</Auto>
            </Field>
            <Field label={t('reports.service.mobile')}>{r.customer.mobile_number ? <Ltr>{r.customer.mobile_number}</Ltr> : null}</Field>
            <Field label={t('reports.service.email')}>
              <Ltr>{r.customer.email}</Ltr>
            </Field>
            <Field label={t('serviceRequests.fields.address')}>{r.address ? <Auto>{r.address}</Auto> : null}</Field>
          </div>
        </Section>
        <Section title={t('serviceRequests.sections.device')}>
          <div className={classes.stack}>
            <Field label={t('reports.service.brandModel')}>
              <Auto>{`${r.device.brand} ${r.device.model}`}</Auto>
            </Field>
            <Field label={t('serviceRequests.fields.serialNumber')}>{r.device.serial_number ? <Ltr>{r.device.serial_number}</Ltr> : null}</Field>
            <Field label={t('serviceRequests.fields.warrantyStatus')}>{t(`serviceRequests.warranty.${r.device.warranty_status}`)}</Field>
          </div>
        </Section>
      </div>

      <Section title={t('reports.service.workDone')}>
        <div className={classes.grid}>
          <Field label={t('serviceRequests.fields.technician')}>{r.technician ? <Auto>{r.technician.name}</Auto> : null}</Field>
          <Field label={t('reports.service.workLogged')}>{worked}</Field>
          <Field label={t('work.diagnostic.labor_hours')}>{r.work.labor_hours ? <Ltr>{fmt.quantity(r.work.labor_hours)}</Ltr> : null}</Field>
          <Field label={t('work.diagnostic.symptoms')} wide>
            {r.work.symptoms ? <Auto>{r.work.symptoms}</Auto> : null}
          </Field>
          <Field label={t('work.diagnostic.diagnosis')} wide>
            {r.work.diagnosis ? <Auto testId="report-diagnosis">{r.work.diagnosis}</Auto> : null}
          </Field>
          <Field label={t('work.diagnostic.resolution')} wide>
            {r.work.resolution ? <Auto testId="report-resolution">{r.work.resolution}</Auto> : null}
          </Field>
          <Field label={t('work.diagnostic.notes')} wide>
            {r.work.diagnostic_notes ? <Auto>{r.work.diagnostic_notes}</Auto> : null}
          </Field>
        </div>
      </Section>

      <Section title={t('work.parts.title')} testId="report-parts">
        {r.work.parts.length === 0 ? (
          <div className={classes.muted}>{t('reports.service.noParts')}</div>
        ) : (
          // A phone stacks each line as a card of label and figure and the totals as rows of their
          // own (the CSS' narrow layout): no figure ever sits past the sheet's edge.
          <div className={classes.scroll}>
            <table className={classes.lines}>
              <thead>
                <tr>
                  <th>{t('reports.service.code')}</th>
                  <th>{t('reports.service.item')}</th>
                  <th className={classes.num}>{t('work.parts.quantity')}</th>
                  <th className={classes.num}>{t('work.parts.unitPrice')}</th>
                  <th className={classes.num}>{t('work.parts.tax')}</th>
                  <th className={classes.num}>{t('reports.service.lineTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {r.work.parts.map((p) => (
                  <tr key={p.id} data-testid="report-part">
                    <td data-label={t('reports.service.code')}>
                      <Ltr>{p.item_code}</Ltr>
                    </td>
                    <td data-label={t('reports.service.item')}>
                      <Auto>{p.item_name}</Auto>
                    </td>
                    <td className={classes.num} data-label={t('work.parts.quantity')}>
                      <QuantityUnit quantity={fmt.quantity(p.quantity)} unit={p.unit} dimmedUnit={false} />
                    </td>
                    <td className={classes.num} data-label={t('work.parts.unitPrice')}>
                      <Ltr>{money(p.unit_price)}</Ltr>
                    </td>
                    <td className={classes.num} data-label={t('work.parts.tax')} data-testid="report-part-tax">
                      <Ltr>{`${fmt.quantity(p.tax_rate)}%`}</Ltr>
                    </td>
                    <td className={classes.num} data-label={t('reports.service.lineTotal')} data-testid="report-part-total">
                      <Ltr>{money(p.total)}</Ltr>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {(['subtotal', 'tax', 'total'] as const).map((k) => (
                  <tr key={k} className={k === 'total' ? classes.grand : undefined}>
                    <td colSpan={5} className={`${classes.num} ${classes.totalLabel}`}>
                      {t(`reports.service.totals.${k}`)}
                    </td>
                    <td className={classes.num} data-testid={`report-${k}`}>
                      <Ltr>{money(r.work.parts_totals[k])}</Ltr>
                    </td>
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
        )}
      </Section>

      {photos.length > 0 && (
        <Section title={t('reports.service.photos')}>
          <div className={classes.photos}>
            {photos.map((a, i) => (
              <AttachmentImage key={a.id} attachment={a} thumb alt={t('reports.service.photo', { n: i + 1 })} className={classes.photo} testId="report-photo" />
            ))}
          </div>
        </Section>
      )}

      <Section title={t('serviceRequests.sections.qualityCheck')} testId="report-quality">
        {r.quality_check ? (
          <div className={classes.grid}>
            <Field label={t('reports.service.result')}>{t(`work.quality.${r.quality_check.result}`)}</Field>
            <Field label={t('reports.service.checkedBy')}>
              {r.quality_check.checked_by ? <Auto>{r.quality_check.checked_by.name}</Auto> : null} · {format.dateTime(r.quality_check.checked_at)}
            </Field>
            <Field label={t('work.quality.notes')} wide>
              {r.quality_check.notes ? <Auto>{r.quality_check.notes}</Auto> : null}
            </Field>
          </div>
        ) : (
          <div className={classes.muted}>{t('serviceRequests.qualityNotChecked')}</div>
        )}
        {r.feedback && (
          <div className={classes.grid} style={{ marginTop: '3mm' }}>
            <Field label={t('reports.service.rating')}>
              <Ltr>{`${'★'.repeat(r.feedback.rating)}${'☆'.repeat(5 - r.feedback.rating)}`}</Ltr>
            </Field>
            <Field label={t('serviceRequests.feedback.text')} wide>
              {r.feedback.feedback ? <Auto>{r.feedback.feedback}</Auto> : null}
            </Field>
          </div>
        )}
      </Section>

      <Section title={t('reports.service.signatures')}>
        <div className={classes.signatures}>
          {(['technician_signature', 'customer_signature'] as const).map((kind) => {
            const found = signature(kind);
            return (
              <div key={kind} className={classes.signature} data-testid={`report-${kind}`}>
                <div className={classes.label}>{t(`serviceRequests.actions.fields.${kind}`)}</div>
                {found ? (
                  <AttachmentImage attachment={found} alt={t(`serviceRequests.actions.fields.${kind}`)} className={classes.signatureImage} testId={`report-${kind}-image`} />
                ) : (
                  <div className={classes.muted}>{t('reports.service.notSigned')}</div>
                )}
              </div>
            );
          })}
        </div>
      </Section>

      <footer className={classes.footer}>
        {t('reports.service.generated', { date: format.dateTime(report.generated_at) })}
      </footer>
    </article>
  );
}

/**
 * `/dashboard/reports/service/:id`: the service report as a page of its own (no shell) — an A4
 * sheet on screen and on paper, in the reader's language and direction, with the PDF download.
 * The server's row rules decide who may read it (a customer: their own completed request).
 */
export function ServiceReportPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const user = useCurrentUser();
  const report = useServiceReport(id);
  useRealtimeSubscription('service_requests', noop);
  const back = holdsAll(user.role, ['read:service_report']) ? paths.serviceReports : paths.serviceRequest(id);

  if (report.isPending) return <PageLoader fullScreen />;
  return (
    <PrintSheetPage
      backTo={back}
      backLabel={t('reports.service.back')}
      backTestId="report-back"
      actions={
        report.data && (
          <Group gap="xs">
            <PrintButton label={t('reports.service.print')} testId="report-print" />
            <ServiceReportDownload requestId={report.data.request.id} number={report.data.request.number} />
          </Group>
        )
      }
    >
      {report.isError ? (
        <Alert color="red" maw="210mm" mx="auto" data-testid="report-error">
          {describeError(t, report.error)}
        </Alert>
      ) : (
        <Report report={report.data} />
      )}
    </PrintSheetPage>
  );
}

export default ServiceReportPage;
