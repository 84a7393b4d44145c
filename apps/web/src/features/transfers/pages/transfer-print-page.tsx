import { Alert, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Ltr } from '../../../components/ltr';
import { PageLoader } from '../../../components/page-loader';
import { DocumentNotes, DocumentSignatures } from '../../../components/print-document';
import { PrintButton, PrintSheetPage } from '../../../components/print-sheet';
import { useNumberFormat } from '../../../lib/decimal';
import { describeError } from '../../../lib/errors';
import { usePublicSettings } from '../../../lib/public-settings';
import { useTransfer } from '../api/get-transfer';
import { DocumentButtons } from '../components/document-buttons';
import { useDateFormat } from '../format';
import sheet from '../../../components/print-sheet.module.css';
import classes from '../../../components/print-document.module.css';
import { useItemLabels } from '../../../lib/item-units';
import { paths } from '../../../lib/paths';

/**
 * The delivery note as a page of its own (no shell): an A4 sheet on screen, and exactly that
 * sheet on paper (the toolbar hides in print). Direction and font follow the language, so
 * Arabic reads right to left with the table's first column on the right.
 */
export function TransferPrintPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const number = useNumberFormat();
  const labels = useItemLabels();
  const format = useDateFormat();
  const settings = usePublicSettings();
  const transfer = useTransfer(id);

  if (transfer.isPending) return <PageLoader fullScreen />;
  if (transfer.isError) return <Alert color="red" m="md">{describeError(t, transfer.error)}</Alert>;
  const data = transfer.data;
  const signers = [
    { key: 'issued', title: t('transfers.document.issuedBy'), name: data.decided_by?.name ?? data.requested_by.name },
    { key: 'delivered', title: t('transfers.document.deliveredBy'), name: '' },
    { key: 'received', title: t('transfers.document.receivedBy'), name: data.received_by?.name ?? '' },
  ];

  return (
    <PrintSheetPage
      backTo={paths.transfer(data.id)}
      backLabel={t('transfers.document.back')}
      actions={
        <Group gap="xs">
          <PrintButton label={t('transfers.document.print')} testId="transfer-print" />
          <DocumentButtons transfer={data} withPrintLink={false} />
        </Group>
      }
    >
      <article className={`${sheet.sheet} ${classes.sheet}`} dir={i18n.dir()} lang={i18n.resolvedLanguage} data-testid="delivery-note">
        <header className={classes.head}>
          <div>
            <div className={classes.company} dir="auto" data-testid="delivery-note-company">
              {settings.data?.company_name ?? ''}
            </div>
          </div>
          <div>
            <div className={classes.docTitle}>{t('transfers.document.title')}</div>
            <div className={classes.meta}>
              {t('transfers.fields.number')}: <Ltr>{data.number}</Ltr>
            </div>
            <div className={classes.meta}>
              {t('transfers.document.date')}: {format.date(data.decided_at ?? data.requested_at)}
            </div>
            <div className={classes.meta}>
              {t('transfers.fields.status')}: {t(`transfers.status.${data.status}`)}
            </div>
          </div>
        </header>

        <section className={classes.parties}>
          {[
            { label: t('transfers.fields.from'), warehouse: data.from_warehouse },
            { label: t('transfers.fields.to'), warehouse: data.to_warehouse },
          ].map(({ label, warehouse }) => (
            <div className={classes.party} key={label}>
              <div className={classes.label}>{label}</div>
              <div>
                <strong>
                  <Ltr>{warehouse.code}</Ltr>
                </strong>{' '}
                <span dir="auto">{warehouse.name}</span>
              </div>
              <div className={classes.label}>{t(`transfers.kind.${warehouse.kind}`)}</div>
            </div>
          ))}
        </section>

        <table className={classes.lines} data-testid="delivery-note-lines">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('transfers.fields.itemCode')}</th>
              <th>{t('transfers.fields.item')}</th>
              <th className={classes.num}>{t('transfers.fields.quantity')}</th>
              <th>{t('transfers.fields.unit')}</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line, index) => (
              <tr key={line.id}>
                <td>{index + 1}</td>
                <td>
                  <Ltr>{line.item_code}</Ltr>
                </td>
                <td>
                  <span dir="auto">{line.item_name}</span>
                </td>
                <td className={classes.num}>{number.quantity(line.quantity)}</td>
                <td>{labels.unit(line.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <DocumentNotes label={t('transfers.fields.notes')} notes={data.notes} />

        <DocumentSignatures
          signers={signers}
          nameLabel={t('transfers.document.name')}
          signatureLabel={t('transfers.document.signature')}
          dateLabel={t('transfers.document.date')}
        />
        <footer className={classes.footer}>
          {t('transfers.document.footer', { number: data.number })}
        </footer>
      </article>
    </PrintSheetPage>
  );
}

export default TransferPrintPage;
