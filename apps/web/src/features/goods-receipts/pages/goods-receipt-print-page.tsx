import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Ltr } from '../../../components/ltr';
import { PageLoader } from '../../../components/page-loader';
import { DocumentNotes, DocumentSignatures } from '../../../components/print-document';
import { PrintButton, PrintSheetPage } from '../../../components/print-sheet';
import { useNumberFormat } from '../../../lib/decimal';
import { useItemLabels } from '../../../lib/item-units';
import { describeError } from '../../../lib/errors';
import { usePublicSettings } from '../../../lib/public-settings';
import { useGoodsReceipt } from '../api/goods-receipts';
import { useDayFormat } from '../day-format';
import sheet from '../../../components/print-sheet.module.css';
import classes from '../../../components/print-document.module.css';
import { paths } from '../../../lib/paths';

/**
 * The goods received note as a page of its own (no shell): an A4 sheet on screen, exactly that
 * sheet on paper (the toolbar hides in print). Direction follows the language.
 */
export function GoodsReceiptPrintPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const number = useNumberFormat();
  const day = useDayFormat();
  const settings = usePublicSettings();
  const receipt = useGoodsReceipt(id);
  const labels = useItemLabels();

  if (receipt.isPending) return <PageLoader fullScreen />;
  if (receipt.isError) return <Alert color="red" m="md">{describeError(t, receipt.error)}</Alert>;
  const data = receipt.data;

  return (
    <PrintSheetPage
      backTo={paths.goodsReceipt(data.id)}
      backLabel={t('goodsReceipts.document.back')}
      actions={<PrintButton label={t('goodsReceipts.document.print')} testId="receipt-print" />}
    >
      <article className={`${sheet.sheet} ${classes.sheet}`} dir={i18n.dir()} lang={i18n.resolvedLanguage} data-testid="receipt-note">
        <header className={classes.head}>
          <div className={classes.company} dir="auto">
            {settings.data?.company_name ?? ''}
          </div>
          <div>
            <div className={classes.docTitle}>{t('goodsReceipts.document.title')}</div>
            <div className={classes.meta}>
              {t('goodsReceipts.fields.number')}: <Ltr>{data.number}</Ltr>
            </div>
            <div className={classes.meta}>
              {t('goodsReceipts.fields.receivedOn')}: <span className={classes.keep}>{day(data.received_on)}</span>
            </div>
            {data.reference && (
              <div className={classes.meta}>
                {t('goodsReceipts.fields.reference')}: <bdi dir="auto" className={classes.keep}>{data.reference}</bdi>
              </div>
            )}
          </div>
        </header>

        <section className={classes.parties}>
          <div className={classes.party}>
            <div className={classes.label}>{t('goodsReceipts.fields.supplier')}</div>
            <div>
              <strong dir="auto">{data.supplier.name}</strong>
            </div>
            {data.supplier.vat_number && (
              <div className={classes.small}>
                {t('suppliers.fields.vatNumber')}: <Ltr>{data.supplier.vat_number}</Ltr>
              </div>
            )}
            {data.supplier.phone && (
              <div className={classes.small}>
                {t('suppliers.fields.phone')}: <Ltr>{data.supplier.phone}</Ltr>
              </div>
            )}
          </div>
          <div className={classes.party}>
            <div className={classes.label}>{t('goodsReceipts.fields.warehouse')}</div>
            <div>
              <strong>
                <Ltr>{data.warehouse.code}</Ltr>
              </strong>{' '}
              <span dir="auto">{data.warehouse.name}</span>
            </div>
            <div className={classes.small}>{t(`warehouseKind.${data.warehouse.kind}`)}</div>
          </div>
        </section>

        <table className={classes.lines} data-testid="receipt-note-lines">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('goodsReceipts.fields.itemCode')}</th>
              <th>{t('goodsReceipts.fields.item')}</th>
              <th className={classes.num}>{t('goodsReceipts.fields.quantity')}</th>
              <th>{t('goodsReceipts.fields.unit')}</th>
              <th className={classes.num}>{t('goodsReceipts.fields.unitCost')}</th>
              <th className={classes.num}>{t('goodsReceipts.fields.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line) => (
              <tr key={line.line_no}>
                <td>{line.line_no}</td>
                <td className={classes.code}>
                  <Ltr>{line.item_code}</Ltr>
                </td>
                <td>
                  <span dir="auto">{line.item_name}</span>
                </td>
                <td className={classes.num}>{number.quantity(line.quantity)}</td>
                <td>{labels.unit(line.unit)}</td>
                <td className={classes.num}>{number.money(line.unit_cost)}</td>
                <td className={classes.num}>{number.money(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={6} className={classes.num}>
                <strong>{t('goodsReceipts.fields.total')}</strong>
              </td>
              <td className={classes.num} data-testid="receipt-note-total">
                <strong>{number.money(data.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>

        <DocumentNotes label={t('goodsReceipts.fields.notes')} notes={data.notes} />

        <DocumentSignatures
          signers={[
            { key: 'deliveredBy', title: t('goodsReceipts.document.deliveredBy'), name: '' },
            { key: 'receivedBy', title: t('goodsReceipts.document.receivedBy'), name: data.created_by?.name ?? '' },
          ]}
          nameLabel={t('goodsReceipts.document.name')}
          signatureLabel={t('goodsReceipts.document.signature')}
        />
        <footer className={classes.footer}>{t('goodsReceipts.document.footer', { number: data.number })}</footer>
      </article>
    </PrintSheetPage>
  );
}

export default GoodsReceiptPrintPage;
