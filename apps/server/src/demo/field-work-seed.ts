import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { loadSharp, prepareImage } from '../lib/images.js';
import { recordPartUse } from '../modules/field-work/index.js';
import { rowsOf } from '../db/rows.js';

/**
 * The record field work leaves on the demo requests (issue #10), so reports and figures have
 * something to show: parts from the technician's van on the jobs worked (through the ledger, as
 * consumption), the labor charged, a photo or two of the device on the bench, and the admin's
 * quality check on most completed jobs — the notes in both languages.
 */

const QC_NOTES = [
  'Tested for 30 minutes under load: stable, no faults.',
  'تم اختبار الجهاز مع العميل ويعمل بشكل سليم.',
  'Battery health 100%, charging normal.',
  'الشاشة تعمل بدون أي بقع أو خطوط.',
];

/** A bench photo: a device outline on a mat, in one of a few colours (no text: any language). */
async function benchPhoto(n: number): Promise<Buffer> {
  const hues = ['#2f6f8f', '#6b4f9a', '#8a5a2b', '#2e7d5b'];
  const hue = hues[n % hues.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
    <rect width="960" height="720" fill="#3b4148"/>
    <rect x="60" y="60" width="840" height="600" rx="24" fill="#55606b"/>
    <g transform="rotate(${(n % 5) * 4 - 8} 480 360)">
      <rect x="${300 + (n % 3) * 20}" y="150" width="360" height="420" rx="36" fill="#111"/>
      <rect x="${320 + (n % 3) * 20}" y="180" width="320" height="340" rx="12" fill="${hue}"/>
      <circle cx="${480 + (n % 3) * 20}" cy="545" r="14" fill="#333"/>
    </g>
    <rect x="120" y="580" width="${120 + (n % 4) * 30}" height="28" rx="6" fill="#c9a227"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function seedFieldWork(tx: Tx): Promise<void> {
  const jobs = rowsOf<{ id: string; number: string; status: string; technician_id: string; van_id: string | null; worked_at: string; completed_at: string | null }>(
    await tx.execute(sql`
      select r.id, r.number, r.status, r.technician_id,
        (select v.id from warehouses v where v.technician_id = r.technician_id and v.kind = 'van' and v.active order by v.created_at limit 1) as van_id,
        coalesce(r.started_at, r.created_at)::text as worked_at, r.completed_at::text as completed_at
      from service_requests r
      where r.technician_id is not null and r.status in ('in_progress', 'pending_parts', 'completed')
      order by r.number`),
  );
  const [admin] = rowsOf<{ id: string }>(await tx.execute(sql`select id from users where role = 'admin' order by created_at limit 1`));

  for (const [i, job] of jobs.entries()) {
    // Parts from the van: one or two lines of what it holds.
    if (job.van_id && i % 3 !== 2) {
      const stock = rowsOf<{ item_id: string }>(
        await tx.execute(sql`
          select s.item_id from stock_levels s join inventory_items it on it.id = s.item_id
          where s.warehouse_id = ${job.van_id}::uuid and s.quantity >= 2 and it.active order by it.code`),
      );
      const picks = stock.length ? [stock[(i * 3) % stock.length]!, ...(i % 2 === 0 && stock.length > 1 ? [stock[(i * 3 + 1) % stock.length]!] : [])] : [];
      for (const pick of picks) {
        await recordPartUse(tx, { requestId: job.id, number: job.number, vanId: job.van_id, itemId: pick.item_id, quantity: '1', actorId: job.technician_id });
      }
      await tx.execute(sql`update request_parts set created_at = ${job.worked_at}::timestamptz + interval '40 minutes' where request_id = ${job.id}::uuid`);
    }

    // Labor charged: the work log rounded up to the half hour.
    await tx.execute(sql`
      update service_requests r set labor_hours = (
        select greatest(0.5, ceil(extract(epoch from sum(coalesce(w.ended_at, now()) - w.started_at)) / 1800) / 2)
        from work_log_entries w where w.request_id = r.id)
      where r.id = ${job.id}::uuid and exists (select 1 from work_log_entries w where w.request_id = r.id)`);

    // A photo of the device on the bench for most jobs worked.
    if (i % 4 !== 3) {
      const photo = await prepareImage(await benchPhoto(i));
      await tx.execute(sql`
        insert into attachments (request_id, kind, content_type, size, data, thumbnail, created_by, created_at)
        values (${job.id}::uuid, 'photo', ${photo.contentType}, ${photo.data.length}, ${photo.data}, ${photo.thumbnail}, ${job.technician_id}::uuid,
          ${job.worked_at}::timestamptz + interval '20 minutes')`);
    }

    // The admin's quality check on most completed jobs, the day after.
    if (job.status === 'completed' && job.completed_at && i % 3 !== 1 && admin) {
      await tx.execute(sql`
        update service_requests set qc_result = 'passed', qc_notes = ${QC_NOTES[i % QC_NOTES.length]!}, qc_by = ${admin.id}::uuid,
          qc_at = least(${job.completed_at}::timestamptz + interval '20 hours', now())
        where id = ${job.id}::uuid`);
    }
  }
}
