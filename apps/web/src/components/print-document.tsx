import type { CSSProperties } from 'react';
import classes from './print-document.module.css';

/** A printed document's notes under their label, when there are any. */
export function DocumentNotes({ label, notes }: { label: string; notes: string | null | undefined }) {
  if (!notes) return null;
  return (
    <section>
      <div className={classes.label}>{label}</div>
      <div className={classes.notes} dir="auto">
        {notes}
      </div>
    </section>
  );
}

export interface DocumentSigner {
  key: string;
  /** "Received by", worded by the caller. */
  title: string;
  /** Printed on the name line; '' leaves it to be written by hand. */
  name: string;
}

/**
 * The signature boxes at the foot of a printed document, one column per signer: a name line
 * and a signature line each, and a date line when `dateLabel` is given.
 */
export function DocumentSignatures({
  signers,
  nameLabel,
  signatureLabel,
  dateLabel,
}: {
  signers: readonly DocumentSigner[];
  nameLabel: string;
  signatureLabel: string;
  dateLabel?: string;
}) {
  return (
    <section className={classes.signatures} style={{ '--signature-columns': signers.length } as CSSProperties}>
      {signers.map((signer) => (
        <div className={classes.signature} key={signer.key} data-testid={`signature-${signer.key}`}>
          <strong>{signer.title}</strong>
          <div className={classes.line}>
            {nameLabel}: <span dir="auto">&nbsp;{signer.name}</span>
          </div>
          <div className={classes.line}>{signatureLabel}:</div>
          {dateLabel && <div className={classes.line}>{dateLabel}:</div>}
        </div>
      ))}
    </section>
  );
}
