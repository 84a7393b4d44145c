// The generated service-request data shared by the benchmarks that need a year of requests
// (requests-list, analytics): a few thousand customers, ~50 technicians, and the requests
// themselves with realistic distributions, loaded in bulk in SQL with the indexes dropped and
// recreated after. `search_text` is computed exactly as the server computes it.
import argon2 from '@node-rs/argon2';
import { DEMO_PASSWORD } from './harness.mjs';

// ---------------------------------------------------------------------------------------
// What the generated data is made of

const LATIN_FIRST = ['Mohammed', 'Ahmed', 'Abdullah', 'Khalid', 'Faisal', 'Omar', 'Yousef', 'Saad', 'Turki', 'Nasser', 'Hassan', 'Ali', 'Majed', 'Sultan', 'Ibrahim', 'Fatima', 'Noura', 'Sara', 'Reem', 'Lama', 'Hind', 'Maha', 'Aisha', 'Huda', 'Layla', 'Dana', 'John', 'Emily', 'Rahul', 'Maria'];
const LATIN_LAST = ['Al-Zahrani', 'Al-Ghamdi', 'Al-Qahtani', 'Al-Otaibi', 'Al-Harbi', 'Al-Shehri', 'Al-Dosari', 'Al-Mutairi', 'Al-Anazi', 'Al-Shamrani', 'Al-Malki', 'Al-Subaie', 'Al-Juhani', 'Al-Amri', 'Al-Shammari', 'Haddad', 'Khoury', 'Nasser', 'Saleh', 'Mansour', 'Barakat', 'Hamdan', 'Farouk', 'Karim', 'Mitchell', 'Thompson', 'Fernandes', 'Sharma', 'Khan', 'Rahman', 'Siddiqui', 'Al-Rashid', 'Al-Faraj', 'Al-Sayed', 'Al-Hussein', 'Bakr', 'Al-Tamimi', 'Al-Yami', 'Al-Balawi', 'Al-Sulami'];
const ARABIC_FIRST = ['محمد', 'أحمد', 'عبدالله', 'خالد', 'فيصل', 'عمر', 'يوسف', 'سعد', 'تركي', 'ناصر', 'حسن', 'علي', 'ماجد', 'سلطان', 'إبراهيم', 'فاطمة', 'نورة', 'سارة', 'ريم', 'لمى', 'هند', 'مها', 'عائشة', 'هدى', 'ليلى', 'دانة', 'منيرة', 'عبير', 'بدر', 'راشد'];
const ARABIC_LAST = ['الزهراني', 'الغامدي', 'القحطاني', 'العتيبي', 'الحربي', 'الشهري', 'الدوسري', 'المطيري', 'العنزي', 'الشمراني', 'المالكي', 'السبيعي', 'الجهني', 'العمري', 'الشمري', 'حداد', 'الخوري', 'صالح', 'منصور', 'بركات', 'حمدان', 'فاروق', 'كريم', 'الرشيد', 'الفرج', 'السيد', 'الحسين', 'التميمي', 'اليامي', 'البلوي', 'السلمي', 'الأحمدي', 'الخالدي', 'البقمي', 'العسيري', 'الرويلي', 'الثبيتي', 'الزهراني', 'الحازمي', 'المري'];

/** [service_type, brand, model, fault types] — the settings' codes. */
const DEVICES = [
  ['laptop', 'Dell', 'Latitude 5420', ['no_power', 'screen', 'battery', 'overheating', 'software', 'physical_damage']],
  ['laptop', 'Lenovo', 'ThinkPad T14', ['no_power', 'screen', 'battery', 'overheating', 'software']],
  ['laptop', 'HP', 'EliteBook 840 G8', ['no_power', 'screen', 'battery', 'software', 'physical_damage']],
  ['laptop', 'Apple', 'MacBook Air M1', ['screen', 'battery', 'software', 'physical_damage']],
  ['laptop', 'ASUS', 'VivoBook 15', ['no_power', 'overheating', 'noise', 'software']],
  ['phone', 'Apple', 'iPhone 13', ['screen', 'battery', 'software', 'physical_damage']],
  ['phone', 'Apple', 'iPhone 11', ['screen', 'battery', 'no_power']],
  ['phone', 'Samsung', 'Galaxy S22', ['screen', 'battery', 'software', 'connectivity']],
  ['phone', 'Samsung', 'Galaxy A54', ['screen', 'battery', 'physical_damage']],
  ['phone', 'Huawei', 'Nova 9', ['battery', 'software', 'connectivity']],
  ['phone', 'Apple', 'iPad Air', ['screen', 'battery', 'no_power']],
  ['appliance', 'Samsung', 'WW90T washing machine', ['no_power', 'noise', 'leak', 'other']],
  ['appliance', 'LG', 'Dual Inverter AC 18000 BTU', ['cooling', 'noise', 'leak', 'no_power']],
  ['appliance', 'Gree', 'Split AC 24000 BTU', ['cooling', 'leak', 'noise']],
  ['appliance', 'Whirlpool', 'Refrigerator WRF555', ['cooling', 'noise', 'leak']],
  ['appliance', 'Bosch', 'Serie 4 dishwasher', ['leak', 'no_power', 'noise']],
  ['appliance', 'Panasonic', 'NN-ST34 microwave', ['no_power', 'other']],
  ['network', 'TP-Link', 'Archer C6 router', ['connectivity', 'no_power', 'software']],
  ['network', 'Huawei', 'B535 4G router', ['connectivity', 'software']],
  ['network', 'Ubiquiti', 'UniFi U6 Lite', ['connectivity', 'software', 'no_power']],
  ['network', 'Cisco', 'Catalyst 1000 switch', ['connectivity', 'no_power']],
  ['printer', 'HP', 'LaserJet Pro M404', ['no_power', 'software', 'connectivity', 'other']],
  ['printer', 'Canon', 'PIXMA G3420', ['other', 'software', 'connectivity']],
  ['printer', 'Epson', 'EcoTank L3250', ['other', 'connectivity']],
  ['printer', 'Brother', 'HL-L2350DW', ['no_power', 'other', 'connectivity']],
];

/** Six problem descriptions per service type, Arabic and English mixed. */
const PROBLEMS = {
  laptop: ['The laptop does not turn on after a power cut', 'الشاشة تظهر خطوطاً ملونة عند التشغيل', 'Battery drains from full in under an hour', 'الجهاز يسخن بشدة ويطفئ نفسه', 'Windows stuck on the recovery screen', 'انكسرت مفصلة الشاشة بعد سقوط الجهاز'],
  phone: ['Cracked screen, touch not responding at the bottom', 'البطارية تنتهي بسرعة والجوال يسخن', 'Phone restarts by itself several times a day', 'لا يشحن إلا بتحريك الكيبل', 'No signal since the last update', 'الكاميرا الخلفية لا تعمل'],
  appliance: ['Washing machine stops mid-cycle with error 4C', 'المكيف يعمل لكن لا يبرد', 'Water leaking under the indoor AC unit', 'صوت عالٍ من الغسالة أثناء العصر', 'Fridge not cooling, freezer fine', 'الميكرويف لا يسخن الطعام'],
  network: ['Wi-Fi drops every few minutes', 'الراوتر لا يعطي إنترنت رغم وجود الإشارة', 'Need the office network reconfigured after moving', 'ضعف الإشارة في الطابق الثاني', 'Switch ports dead after a power surge', 'نسيت كلمة مرور لوحة تحكم الراوتر'],
  printer: ['Paper jam on every print job', 'الطابعة لا تظهر على الشبكة', 'Prints faded pages after toner change', 'خطوط سوداء على كل صفحة مطبوعة', 'Printer shows offline on all laptops', 'الطابعة تسحب أكثر من ورقة في نفس الوقت'],
};

const ADDRESSES = ['Olaya St 12, Riyadh', 'King Fahd Rd 88, Riyadh', 'Al Malqa, Riyadh', 'حي النرجس، الرياض', 'Tahlia St 5, Jeddah', 'Al Rawdah, Jeddah', 'حي الشاطئ، جدة', 'Al Khobar Corniche, Khobar'];

// ---------------------------------------------------------------------------------------
// The load

export async function generateRequests(client, report, { requests: REQUESTS, customers: CUSTOMERS, technicians: TECHNICIANS }) {
  const t0 = performance.now();
  const lap = (label, since) => report.note(`${label}: ${((performance.now() - since) / 1000).toFixed(1)} s`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`select setseed(0.42)`);

  // Customers and technicians. Their password hash is Argon2id at a low cost (its parameters
  // travel in the hash, the server verifies it like any other): signing in stays fast.
  const cheapHash = await argon2.hash(DEMO_PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  let t = performance.now();
  await client.query(
    `with g as (
       -- first and last name picked independently: ~1,200 full names per script, a few shared
       select g, (g % 2 = 0) as arabic, abs(hashtext(g || 'first')) % 30 as f, abs(hashtext(g || 'last')) % 40 as l
       from generate_series(1, $1::int) g
     ), u as (
       insert into users (email, name, role, mobile, password_hash, language)
       select 'bench-c-' || lpad(g::text, 5, '0') || '@bench.test',
              case when arabic then ($3::text[])[1 + f] || ' ' || ($4::text[])[1 + l] else ($5::text[])[1 + f] || ' ' || ($6::text[])[1 + l] end,
              'customer', '+9665' || lpad(g::text, 8, '0'), $2, (case when arabic then 'ar' else 'en' end)::language
       from g
       returning id, email, name, mobile)
     insert into customers (user_id, name, email, mobile_number) select id, name, email, mobile from u`,
    [CUSTOMERS, cheapHash, ARABIC_FIRST, ARABIC_LAST, LATIN_FIRST, LATIN_LAST],
  );
  await client.query(
    `with u as (
       insert into users (email, name, role, mobile, password_hash, language)
       select 'bench-t-' || lpad(g::text, 3, '0') || '@bench.test', 'Bench Technician ' || g, 'technician', '+96655' || lpad(g::text, 7, '0'), $2, 'ar'
       from generate_series(1, $1::int) g
       returning id, email)
     -- one in five handles networks and printers, the others laptops, phones and appliances
     insert into technicians (user_id, skills)
     select id, case when substring(email from 'bench-t-([0-9]+)')::int % 5 = 0 then '{network,printer}'::text[] else '{laptop,phone,appliance}'::text[] end from u`,
    [TECHNICIANS, cheapHash],
  );
  await client.query(`create temp table bench_customers as
    select row_number() over (order by email)::int as k, id, name from users where email like 'bench-c-%'`);
  await client.query(`create temp table bench_technicians as
    select row_number() over (order by email)::int as k, id from users where email like 'bench-t-%'`);
  await client.query(`create temp table bench_devices as
    select d.k::int, d.v->>0 as service_type, d.v->>1 as brand, d.v->>2 as model,
           array(select jsonb_array_elements_text(d.v->3)) as faults
    from jsonb_array_elements($1::jsonb) with ordinality d(v, k)`, [JSON.stringify(DEVICES)]);
  await client.query(`create temp table bench_problems as
    select p.key as service_type, (t.n)::int as k, t.text
    from jsonb_each($1::jsonb) p, jsonb_array_elements_text(p.value) with ordinality t(text, n)`, [JSON.stringify(PROBLEMS)]);
  await client.query('analyze bench_customers, bench_technicians, bench_devices, bench_problems');
  lap(`${CUSTOMERS} customers, ${TECHNICIANS} technicians`, t);

  // Read every secondary index of service_requests, drop them for the load, recreate them after.
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = 'service_requests' and indexname <> 'service_requests_pkey' order by indexname`,
  );
  for (const ix of indexes) await client.query(`drop index ${ix.indexname}`);

  // Numbers continue after the demo requests; the counter is moved past the load afterwards.
  const { rows: [base] } = await client.query(`select count(*)::int as n, coalesce(max(substr(number, 4)::int), 0) as max from service_requests`);
  t = performance.now();
  const devices = DEVICES.length;
  const problemsPer = PROBLEMS.laptop.length;
  await client.query(
    `insert into service_requests (
       number, customer_id, technician_id, status, priority, location, address, service_type, fault_type,
       problem_description, additional_notes, device_brand, device_model, device_serial, warranty_status,
       created_at, created_by, updated_at, assigned_at, first_response_at, started_at, completed_at,
       ever_pending_parts, diagnosis, resolution, cancel_reason, cancelled_at, cancelled_by, rating, feedback_at, search_text, sla_due_at)
     select
       x.number, c.id, case when x.status = 'pending' then null else t.id end, x.status::service_request_status,
       x.priority::request_priority, x.location::service_location,
       case when x.location = 'home' then ($4::text[])[1 + (x.g % array_length($4::text[], 1))] end,
       d.service_type, d.faults[1 + floor(x.r_fault * array_length(d.faults, 1))::int],
       p.text, case when x.r_note < 0.2 then 'Customer prefers a call before the visit' end,
       d.brand, d.model, x.serial, x.warranty::warranty_status,
       x.created_at, c.id, greatest(x.created_at, x.assigned_at, x.started_at, x.completed_at, x.cancelled_at),
       x.assigned_at, x.assigned_at, x.started_at, x.completed_at,
       x.status = 'pending_parts' or (x.status = 'completed' and x.r_parts < 0.12),
       case when x.status = 'completed' then 'Diagnosed on site' end, case when x.status = 'completed' then 'Repaired and tested' end,
       case when x.status = 'cancelled' then 'No longer needed' end, x.cancelled_at, case when x.status = 'cancelled' then c.id end,
       x.rating, case when x.rating is not null then x.completed_at + interval '1 day' end,
       lower(concat_ws(' ', x.number::text, x.serial::text, d.brand::text, d.model::text, p.text::text)),
       -- A stand-in due time (the service computes the working-hours one): without it the minute's
       -- SLA check would be filling in a million rows while the benchmark measures.
       case when x.status in ('pending', 'assigned', 'in_progress') then x.created_at + interval '1 day' end
     from (
       select s.*,
         'SR-' || lpad(($3::int + s.g)::text, greatest(6, length(($3::int + s.g)::text)), '0') as number,
         case when s.r_serial < 0.05 then null
              -- about 3 % are a device seen before (the same serial again)
              when s.r_serial < 0.08 then upper(substr(md5((s.g - 1 - floor(s.r_fault * 50000)::int)::text || 'sn'), 1, 12))
              else upper(substr(md5(s.g::text || 'sn'), 1, 12)) end as serial,
         case when s.r_priority < 0.3 then 'low' when s.r_priority < 0.8 then 'medium' else 'high' end as priority,
         case when s.r_loc < 0.45 then 'home' when s.r_loc < 0.7 then 'remote' else 'office' end as location,
         case when s.r_warranty < 0.35 then 'in_warranty' when s.r_warranty < 0.85 then 'out_of_warranty' else 'unknown' end as warranty,
         case when s.status <> 'pending' then s.created_at + s.r_t1 * interval '6 hours' end as assigned_at,
         case when s.status in ('in_progress', 'pending_parts', 'completed') then s.created_at + s.r_t1 * interval '6 hours' + s.r_t2 * interval '1 day' end as started_at,
         case when s.status = 'completed' then s.created_at + s.r_t1 * interval '6 hours' + s.r_t2 * interval '1 day' + s.r_t3 * interval '2 days' end as completed_at,
         case when s.status = 'cancelled' then s.created_at + s.r_t3 * interval '1 day' end as cancelled_at,
         case when s.status = 'completed' and s.r_rating < 0.6 then
           case when s.r_rating < 0.33 then 5 when s.r_rating < 0.5 then 4 when s.r_rating < 0.55 then 3 when s.r_rating < 0.58 then 2 else 1 end end as rating
       from (
         select r.*,
           -- Recent requests are still open; older ones are mostly done.
           case when r.age_days < 30 then
                  case when r.r_status < 0.28 then 'pending' when r.r_status < 0.48 then 'assigned' when r.r_status < 0.66 then 'in_progress'
                       when r.r_status < 0.76 then 'pending_parts' when r.r_status < 0.95 then 'completed' else 'cancelled' end
                else
                  case when r.r_status < 0.002 then 'pending' when r.r_status < 0.004 then 'assigned' when r.r_status < 0.008 then 'in_progress'
                       when r.r_status < 0.012 then 'pending_parts' when r.r_status < 0.94 then 'completed' else 'cancelled' end
           end as status
         from (
           select g, 365.0 * ($1::int - g) / $1::int as age_days,
             now() - interval '1 day' * (365.0 * ($1::int - g) / $1::int) - random() * interval '20 minutes' as created_at,
             -- customers: a few with many requests, most with a couple of hundred
             1 + floor($2::int * power(random(), 1.5))::int as ck,
             1 + floor($5::int * random())::int as tk,
             1 + floor($6::int * random())::int as dk,
             1 + floor($7::int * random())::int as pk,
             random() as r_status, random() as r_priority, random() as r_loc, random() as r_warranty, random() as r_serial,
             random() as r_fault, random() as r_note, random() as r_parts, random() as r_rating,
             random() as r_t1, random() as r_t2, random() as r_t3
           from generate_series(1, $1::int) g
         ) r
       ) s
     ) x
     join bench_customers c on c.k = x.ck
     join bench_technicians t on t.k = x.tk
     join bench_devices d on d.k = x.dk
     join bench_problems p on p.service_type = d.service_type and p.k = x.pk`,
    [REQUESTS, CUSTOMERS, base.max, ADDRESSES, TECHNICIANS, devices, problemsPer],
  );
  lap(`${REQUESTS.toLocaleString('en')} requests inserted (indexes dropped)`, t);
  // The next request the server numbers follows the load.
  await client.query(`update counters set value = (select max(substr(number, 4)::int) from service_requests) where kind in (select kind from counters where kind ilike '%request%')`);

  t = performance.now();
  for (const ix of indexes) {
    const ti = performance.now();
    await client.query(ix.indexdef);
    report.note(`  ${ix.indexname} rebuilt in ${((performance.now() - ti) / 1000).toFixed(1)} s`);
  }
  lap(`${indexes.length} indexes recreated`, t);
  t = performance.now();
  await client.query('vacuum (analyze) service_requests');
  await client.query('analyze users');
  await client.query('analyze customers');
  lap('vacuum analyze', t);
  const { rows: [size] } = await client.query(
    `select pg_size_pretty(pg_table_size('service_requests')) as heap, pg_size_pretty(pg_indexes_size('service_requests')) as indexes, (select count(*) from service_requests)::int as n`,
  );
  report.note(`service_requests: ${size.n.toLocaleString('en')} rows, table ${size.heap}, indexes ${size.indexes}; data ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

