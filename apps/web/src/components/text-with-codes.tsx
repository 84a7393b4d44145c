import { Fragment } from 'react';
import { Ltr } from './ltr';

/**
 * A document number as the server makes them: a prefix of capitals, a hyphen, digits
 * (SR-000042, TR-000009, AP-000012, GR-000001, ADJ-000003).
 */
const CODE = /\b[A-Z]{2,5}-\d{3,}\b/g;

/** `text` cut into plain runs and the codes inside it. */
export function splitCodes(text: string): { text: string; code: boolean }[] {
  const parts: { text: string; code: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(CODE)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), code: false });
    parts.push({ text: match[0], code: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), code: false });
  return parts;
}

/**
 * A sentence that came as one string (a notification, a toast, a title) with document
 * numbers in it. Each number is isolated left to right, so in Arabic "SR-000042." keeps its
 * full stop after the number and the number is not broken across lines or glued to the word
 * beside it. The caller chooses the direction of the whole (usually `dir="auto"`).
 */
export function TextWithCodes({ text }: { text: string }) {
  return (
    <>
      {splitCodes(text).map((part, i) =>
        part.code ? (
          <Ltr key={i} nowrap>
            {part.text}
          </Ltr>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
