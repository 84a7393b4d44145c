import { inArray, sql } from 'drizzle-orm';
import {
  SERVICE_REQUEST_ACTION_BODIES,
  ZCreateServiceRequest,
  ZFeedbackRequest,
  type Role,
  type ServiceRequestAction,
  type ServiceRequestActionBody,
  type TCreateServiceRequest,
} from '@portal/shared';
import { sendQueuedWrites } from '../db/at-commit.js';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema.js';
import { applyRequestAction, createServiceRequest, giveFeedback, type RequestCaller } from '../modules/service-requests/index.js';
import { signatureDataUrl } from './signature-png.js';

/**
 * Demo service requests (PRODUCT.md §11): about 40, in every status, across the demo customers
 * and technicians. Each goes through the service functions — created by its customer (or by the
 * admin on their behalf), assigned by the admin, worked by its technician (skills: tech1/tech2
 * laptops, phones and appliances; tech3 networks and printers), cancelled by the customer or the
 * admin, reopened by the admin, feedback with a signature by the customer — so numbers, history,
 * audit rows and notifications are exactly what the product writes. Then each step is moved back
 * in time, so the requests spread over the past ~60 days with every timestamp in order.
 * Runs in the demo seed's transaction, after the transfers.
 */

type Who = 'admin' | 'customer' | 'tech';
type Step =
  | { do: 'assign'; tech: 'tech1' | 'tech2' | 'tech3' }
  | { do: 'unassign'; note: string }
  | { do: 'start' }
  | { do: 'parts'; note: string }
  | { do: 'resume' }
  | { do: 'complete'; diagnosis: string; resolution: string }
  | { do: 'reopen'; note: string }
  | { do: 'cancel'; by: Who; reason: string };

interface DemoRequest {
  customer: 'customer1' | 'customer2' | 'fatima' | 'omar' | 'sara';
  /** The request date, in days before now (fractions are hours). */
  daysAgo: number;
  /** Raised by the admin on the customer's behalf (a phone call) rather than by the customer. */
  byAdmin?: boolean;
  request: Omit<TCreateServiceRequest, 'customer_id' | 'new_customer' | 'additional_notes' | 'address' | 'device'> & {
    address?: string;
    additional_notes?: string;
    device: { brand: string; model: string; serial_number?: string; warranty_status: 'in_warranty' | 'out_of_warranty' | 'unknown'; warranty_number?: string; warranty_expiry?: string };
  };
  steps: Step[];
  feedback?: { rating: number; text?: string };
}

const EMAILS = {
  admin: 'admin@demo.test',
  tech1: 'tech1@demo.test',
  tech2: 'tech2@demo.test',
  tech3: 'tech3@demo.test',
  customer1: 'customer1@demo.test',
  customer2: 'customer2@demo.test',
  fatima: 'fatima@example.test',
  omar: 'omar@example.test',
  sara: 'sara@example.test',
} as const;

const HOME = {
  customer1: 'حي الملقا، شارع أنس بن مالك 14، الرياض',
  customer2: 'Al Rawdah District, Prince Sultan St 21, Jeddah',
  fatima: 'Olaya St 12, Riyadh',
  omar: 'King Fahd Rd 88, Riyadh',
  sara: 'Tahlia St 5, Jeddah',
};

/** The Dell that comes back: two requests, one serial (device history). */
const RETURNING_SERIAL = '5CG1284QX7';

const fixed = (diagnosis: string, resolution: string): Step => ({ do: 'complete', diagnosis, resolution });

const REQUESTS: DemoRequest[] = [
  // ---- completed
  {
    customer: 'customer1',
    daysAgo: 58,
    request: {
      priority: 'high', location: 'home', address: HOME.customer1, service_type: 'laptop', fault_type: 'battery',
      problem_description: 'البطارية لا تشحن فوق 40٪ والجهاز يطفئ فجأة أثناء العمل',
      additional_notes: 'أفضّل الزيارة بعد العصر',
      device: { brand: 'Dell', model: 'Latitude 5420', serial_number: RETURNING_SERIAL, warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }, fixed('Battery cells worn (capacity 38 % of design).', 'Replaced the battery with an original Dell 4-cell pack; calibrated and tested a full cycle.')],
    feedback: { rating: 5, text: 'خدمة ممتازة وسريعة، البطارية تعمل طوال اليوم الآن' },
  },
  {
    customer: 'customer2',
    daysAgo: 55,
    request: {
      priority: 'medium', location: 'office', service_type: 'phone', fault_type: 'screen',
      problem_description: 'Cracked screen after a drop; touch does not respond in the lower third.',
      accessories: 'Clear case; SIM card left in the phone.',
      device: { brand: 'Apple', model: 'iPhone 13', serial_number: 'F2LXK9QJ0D4M', warranty_status: 'out_of_warranty' },
    },
    steps: [
      { do: 'assign', tech: 'tech2' },
      { do: 'start' },
      { do: 'parts', note: 'شاشة أصلية لآيفون 13 (OLED)' },
      { do: 'resume' },
      fixed('Display assembly cracked, digitizer damaged.', 'Replaced the display assembly; Face ID and True Tone checked.'),
    ],
    feedback: { rating: 4, text: 'الشاشة ممتازة لكن انتظرت القطعة أسبوعاً' },
  },
  {
    customer: 'fatima',
    daysAgo: 52,
    request: {
      priority: 'medium', location: 'home', address: HOME.fatima, service_type: 'appliance', fault_type: 'noise',
      problem_description: 'صوت طرق عالٍ من الغسالة أثناء العصر',
      device: { brand: 'Samsung', model: 'WW90T washing machine', serial_number: 'WW90T-0K3N2210', warranty_status: 'in_warranty', warranty_number: 'SA-WTY-558120', warranty_expiry: '2027-03-31' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }, fixed('Drum shock absorbers worn; a coin stuck between drum and tub.', 'Replaced both shock absorbers under warranty, removed the coin, levelled the machine.')],
    feedback: { rating: 5, text: 'الفني وصل في الموعد وكان محترماً جداً' },
  },
  {
    customer: 'omar',
    daysAgo: 50,
    request: {
      priority: 'low', location: 'home', address: HOME.omar, service_type: 'network', fault_type: 'connectivity',
      problem_description: 'Wi-Fi drops every few minutes in the living room and the kids’ rooms.',
      device: { brand: 'TP-Link', model: 'Archer C6 router', serial_number: '22171N4001532', warranty_status: 'unknown' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }, fixed('Channel congestion on 2.4 GHz; firmware two versions behind.', 'Updated the firmware, moved to channel 11 and 5 GHz band steering, added a mesh point upstairs.')],
    feedback: { rating: 3, text: 'Fixed in the end, but it took two visits.' },
  },
  {
    customer: 'sara',
    daysAgo: 47,
    request: {
      priority: 'medium', location: 'office', service_type: 'printer', fault_type: 'other',
      problem_description: 'Paper jam on almost every print job, tray 2.',
      device: { brand: 'HP', model: 'LaserJet Pro M404', serial_number: 'PHBBK41872', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }, fixed('Pickup roller glazed, separation pad worn.', 'Replaced the pickup roller and separation pad; 200 test pages without a jam.')],
    feedback: { rating: 5, text: 'Quick and tidy work, thank you!' },
  },
  {
    customer: 'customer1',
    daysAgo: 45,
    request: {
      priority: 'high', location: 'home', address: HOME.customer1, service_type: 'appliance', fault_type: 'cooling',
      problem_description: 'المكيف يعمل لكنه لا يبرد، والمروحة الخارجية لا تدور',
      device: { brand: 'LG', model: 'Dual Inverter AC S4-Q18KL3WF', serial_number: 'LG18-204KA77310', warranty_status: 'in_warranty', warranty_number: 'LG-KSA-99213', warranty_expiry: '2026-12-31' },
    },
    steps: [
      { do: 'assign', tech: 'tech2' },
      { do: 'start' },
      { do: 'parts', note: 'Outdoor fan motor capacitor 3 µF' },
      { do: 'resume' },
      fixed('Outdoor fan capacitor failed; compressor overheating protection tripping.', 'Replaced the capacitor, cleaned the condenser coil, checked the gas pressure.'),
    ],
  },
  {
    customer: 'customer2',
    daysAgo: 42,
    request: {
      priority: 'low', location: 'remote', service_type: 'laptop', fault_type: 'software',
      problem_description: 'Outlook keeps asking for the password and the VPN client will not connect.',
      device: { brand: 'Lenovo', model: 'ThinkPad T14', serial_number: 'PF3KX2M9', warranty_status: 'in_warranty', warranty_number: 'LEN-PRM-44120', warranty_expiry: '2026-08-15' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }, fixed('Stale credentials in Windows Credential Manager; VPN profile corrupted.', 'Cleared the cached credentials, re-created the VPN profile remotely, verified with the customer.')],
    feedback: { rating: 5 },
  },
  {
    customer: 'fatima',
    daysAgo: 38,
    request: {
      priority: 'medium', location: 'office', service_type: 'phone', fault_type: 'battery',
      problem_description: 'الجوال يسخن والبطارية تنتهي قبل الظهر',
      accessories: 'الشاحن الأصلي مع الكابل، وغطاء جلدي',
      device: { brand: 'Samsung', model: 'Galaxy S22', serial_number: 'R5CT20XK7QM', warranty_status: 'out_of_warranty' },
    },
    steps: [
      { do: 'assign', tech: 'tech2' },
      { do: 'start' },
      fixed('Battery swollen slightly.', 'Replaced the battery.'),
      { do: 'reopen', note: 'فحص الجودة: البطارية الجديدة تفقد الشحن بسرعة أيضاً' },
      fixed('A background app kept the modem awake; the new battery itself is fine.', 'Removed the faulty app, reset network settings, 24 h battery test passed.'),
    ],
    feedback: { rating: 4, text: 'احتاج زيارتين لكن النتيجة ممتازة' },
  },
  {
    customer: 'omar',
    daysAgo: 33,
    request: {
      priority: 'medium', location: 'office', service_type: 'laptop', fault_type: 'overheating',
      problem_description: 'Laptop gets very hot and the fan is loud even when idle.',
      accessories: 'Charger and laptop bag',
      device: { brand: 'HP', model: 'EliteBook 840 G8', serial_number: '5CD1127LMN', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }, fixed('Heatsink clogged with dust; dried thermal paste.', 'Cleaned the fan and heatsink, re-applied thermal paste, updated the BIOS.')],
    feedback: { rating: 2, text: 'Still runs hot when I use Teams.' },
  },
  {
    customer: 'sara',
    daysAgo: 28,
    request: {
      priority: 'low', location: 'home', address: HOME.sara, service_type: 'network', fault_type: 'connectivity',
      problem_description: 'Access point blinks white and clients cannot join the network.',
      device: { brand: 'Ubiquiti', model: 'UniFi U6 Lite', serial_number: 'U6L-78A3F201', warranty_status: 'in_warranty', warranty_number: 'UBQ-221877', warranty_expiry: '2026-05-30' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }, fixed('The access point lost its adoption after a controller update.', 'Re-adopted it in the controller and restored the saved Wi-Fi profiles.')],
  },
  {
    customer: 'customer1',
    daysAgo: 24,
    request: {
      priority: 'medium', location: 'office', service_type: 'phone', fault_type: 'battery',
      problem_description: 'iPhone shuts down at 20 % battery in the cold.',
      device: { brand: 'Apple', model: 'iPhone 11', serial_number: 'DX3CK1Q7N72J', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }, { do: 'start' }, fixed('Battery health 71 %, peak performance throttled.', 'Replaced the battery; battery health now 100 %.')],
    feedback: { rating: 5, text: 'شكراً، تم الإصلاح في نفس اليوم' },
  },
  {
    customer: 'customer2',
    daysAgo: 20,
    request: {
      priority: 'high', location: 'home', address: HOME.customer2, service_type: 'appliance', fault_type: 'cooling',
      problem_description: 'الثلاجة لا تبرد والفريزر يعمل بشكل طبيعي',
      device: { brand: 'Whirlpool', model: 'Refrigerator WRF555', serial_number: 'WRF555-K44190', warranty_status: 'out_of_warranty' },
    },
    steps: [
      { do: 'assign', tech: 'tech1' },
      { do: 'start' },
      { do: 'parts', note: 'Evaporator fan motor W10312695' },
      { do: 'resume' },
      fixed('Evaporator fan motor seized: cold air does not reach the fridge section.', 'Replaced the evaporator fan motor; fridge at 4 °C after two hours.'),
    ],
    feedback: { rating: 4 },
  },
  {
    customer: 'fatima',
    daysAgo: 14,
    request: {
      priority: 'low', location: 'home', address: HOME.fatima, service_type: 'printer', fault_type: 'connectivity',
      problem_description: 'الطابعة لا تظهر على الشبكة بعد تغيير الراوتر',
      device: { brand: 'Canon', model: 'PIXMA G3420', serial_number: 'KMBB07211', warranty_status: 'unknown' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }, fixed('The printer still held the old Wi-Fi network.', 'Connected it to the new router with WPS and installed the driver on two laptops.')],
  },
  {
    customer: 'omar',
    daysAgo: 9,
    request: {
      priority: 'medium', location: 'office', service_type: 'phone', fault_type: 'screen',
      problem_description: 'Green line down the middle of the screen.',
      device: { brand: 'Samsung', model: 'Galaxy A54', serial_number: 'R58W31AB2KD', warranty_status: 'in_warranty', warranty_number: 'SAM-A54-77120', warranty_expiry: '2026-10-01' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }, { do: 'start' }, fixed('Display flex cable defect (known issue, covered by warranty).', 'Replaced the display under warranty.')],
  },

  // ---- cancelled
  {
    customer: 'customer2',
    daysAgo: 40,
    request: {
      priority: 'medium', location: 'office', service_type: 'laptop', fault_type: 'no_power',
      problem_description: 'Laptop does not turn on, charging light off.',
      accessories: 'Charger (65 W USB-C)',
      device: { brand: 'ASUS', model: 'VivoBook 15', serial_number: 'N4NRKD012345', warranty_status: 'unknown' },
    },
    steps: [{ do: 'cancel', by: 'customer', reason: 'اشتغل الجهاز بعد تغيير الشاحن، لم أعد بحاجة للصيانة' }],
  },
  {
    customer: 'omar',
    daysAgo: 35,
    request: {
      priority: 'medium', location: 'home', address: HOME.omar, service_type: 'appliance', fault_type: 'leak',
      problem_description: 'Dishwasher leaves water on the kitchen floor.',
      device: { brand: 'Bosch', model: 'Serie 4 dishwasher', warranty_status: 'in_warranty', warranty_number: 'BSH-40921', warranty_expiry: '2026-09-12' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'cancel', by: 'customer', reason: 'The shop replaced the unit under warranty.' }],
  },
  {
    customer: 'sara',
    daysAgo: 26,
    request: {
      priority: 'low', location: 'office', service_type: 'laptop', fault_type: 'screen',
      problem_description: 'Dead pixels and a dark patch in the top corner.',
      device: { brand: 'Apple', model: 'MacBook Air M1', serial_number: 'FVFDK1Q3Q6L4', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }, { do: 'start' }, { do: 'cancel', by: 'admin', reason: 'Customer declined the quote for the screen replacement.' }],
  },
  {
    customer: 'fatima',
    daysAgo: 18,
    request: {
      priority: 'medium', location: 'home', address: HOME.fatima, service_type: 'network', fault_type: 'connectivity',
      problem_description: 'راوتر الجيل الرابع يفصل كل ساعة تقريباً',
      device: { brand: 'Huawei', model: 'B535 4G router', serial_number: 'HW-B535-9921XK', warranty_status: 'out_of_warranty' },
    },
    steps: [
      { do: 'assign', tech: 'tech3' },
      { do: 'start' },
      { do: 'parts', note: 'LTE antenna module' },
      { do: 'cancel', by: 'admin', reason: 'القطعة متوقفة من المصنع، العميلة ستستبدل الراوتر' },
    ],
  },
  {
    customer: 'customer1',
    daysAgo: 6,
    request: {
      priority: 'low', location: 'remote', service_type: 'printer', fault_type: 'other',
      problem_description: 'Prints come out faded on the left side.',
      device: { brand: 'Epson', model: 'EcoTank L3250', serial_number: 'X8JY012771', warranty_status: 'unknown' },
    },
    steps: [{ do: 'cancel', by: 'admin', reason: 'Duplicate of a request raised by phone the same day.' }],
  },

  // ---- pending
  {
    customer: 'customer2',
    daysAgo: 1,
    request: {
      priority: 'low', location: 'remote', service_type: 'phone', fault_type: 'software',
      problem_description: 'التطبيقات تغلق فجأة بعد آخر تحديث',
      device: { brand: 'Huawei', model: 'Nova 9', serial_number: 'NAM-L29-71KQ', warranty_status: 'unknown' },
    },
    steps: [],
  },
  {
    customer: 'fatima',
    daysAgo: 3,
    byAdmin: true,
    request: {
      priority: 'medium', location: 'home', address: HOME.fatima, service_type: 'appliance', fault_type: 'no_power',
      problem_description: 'Microwave turns on but does not heat food.',
      additional_notes: 'Raised by phone; the customer is home after 4 pm.',
      device: { brand: 'Panasonic', model: 'NN-ST34 microwave', warranty_status: 'out_of_warranty' },
    },
    steps: [],
  },
  {
    customer: 'omar',
    daysAgo: 0.3,
    request: {
      priority: 'high', location: 'office', service_type: 'printer', fault_type: 'connectivity',
      problem_description: 'Office printer shows offline on every laptop since this morning.',
      device: { brand: 'Brother', model: 'HL-L2350DW', serial_number: 'E78123K1N445', warranty_status: 'in_warranty', warranty_number: 'BRO-88120', warranty_expiry: '2027-01-20' },
    },
    steps: [],
  },
  {
    customer: 'sara',
    daysAgo: 4,
    request: {
      priority: 'high', location: 'home', address: HOME.sara, service_type: 'appliance', fault_type: 'leak',
      problem_description: 'مياه تتسرب من الوحدة الداخلية للمكيف على الجدار',
      device: { brand: 'Gree', model: 'Split AC 24000 BTU', serial_number: 'GR24-5530812', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'unassign', note: 'الفني في إجازة، سيتم التعيين لفني آخر' }],
  },
  {
    customer: 'customer1',
    daysAgo: 1.5,
    byAdmin: true,
    request: {
      priority: 'medium', location: 'office', service_type: 'network', fault_type: 'no_power',
      problem_description: 'Switch in the meeting room is dead after a power surge.',
      device: { brand: 'Cisco', model: 'Catalyst 1000 switch', serial_number: 'FOC2419X0AB', warranty_status: 'unknown' },
    },
    steps: [],
  },
  {
    customer: 'customer2',
    daysAgo: 0.8,
    request: {
      priority: 'medium', location: 'office', service_type: 'laptop', fault_type: 'physical_damage',
      problem_description: 'Coffee spilled on the keyboard; some keys do not work.',
      accessories: 'حقيبة الجهاز والشاحن',
      device: { brand: 'Apple', model: 'MacBook Pro 14', serial_number: 'C02GK3ZPQ05D', warranty_status: 'in_warranty', warranty_number: 'APL-AC-551200', warranty_expiry: '2026-07-01' },
    },
    steps: [],
  },

  // ---- assigned
  {
    customer: 'customer1',
    daysAgo: 2,
    request: {
      priority: 'medium', location: 'home', address: HOME.customer1, service_type: 'laptop', fault_type: 'screen',
      problem_description: 'شاشة اللابتوب ترمش عند فتحها أكثر من 90 درجة',
      additional_notes: 'Same laptop as my earlier battery request.',
      device: { brand: 'Dell', model: 'Latitude 5420', serial_number: RETURNING_SERIAL, warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }],
  },
  {
    customer: 'customer2',
    daysAgo: 5,
    request: {
      priority: 'high', location: 'home', address: HOME.customer2, service_type: 'appliance', fault_type: 'cooling',
      problem_description: 'Freezer is warm and the fridge makes a clicking sound.',
      device: { brand: 'Samsung', model: 'RT38 refrigerator', serial_number: 'RT38K5010S8-77', warranty_status: 'in_warranty', warranty_number: 'SA-WTY-611902', warranty_expiry: '2027-06-30' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }],
  },
  {
    customer: 'fatima',
    daysAgo: 3.2,
    request: {
      priority: 'medium', location: 'office', service_type: 'laptop', fault_type: 'overheating',
      problem_description: 'اللابتوب يسخن ويبطئ عند تشغيل برامج التصميم',
      device: { brand: 'Lenovo', model: 'IdeaPad 5', serial_number: 'PF2W8KQ1', warranty_status: 'out_of_warranty' },
    },
    // Reassigned: the first technician's day was full.
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'assign', tech: 'tech2' }],
  },
  {
    customer: 'omar',
    daysAgo: 2.5,
    request: {
      priority: 'low', location: 'home', address: HOME.omar, service_type: 'network', fault_type: 'connectivity',
      problem_description: 'Weak Wi-Fi signal on the second floor.',
      device: { brand: 'TP-Link', model: 'Deco M5', warranty_status: 'unknown' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }],
  },
  {
    customer: 'sara',
    daysAgo: 1.2,
    request: {
      priority: 'medium', location: 'office', service_type: 'phone', fault_type: 'battery',
      problem_description: 'Battery health at 79 % after one year, phone gets warm while charging.',
      device: { brand: 'Apple', model: 'iPhone 14 Pro', serial_number: 'G6TQ8J2K1P', warranty_status: 'in_warranty', warranty_number: 'APL-AC-700431', warranty_expiry: '2026-11-20' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }],
  },

  // ---- in progress
  {
    customer: 'customer1',
    daysAgo: 8,
    request: {
      priority: 'high', location: 'home', address: HOME.customer1, service_type: 'appliance', fault_type: 'leak',
      problem_description: 'الغسالة تسرب ماء من الباب أثناء الغسيل',
      device: { brand: 'Samsung', model: 'WW90T washing machine', serial_number: 'WW90T-0M1A5521', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }],
  },
  {
    customer: 'customer2',
    daysAgo: 6,
    request: {
      priority: 'medium', location: 'office', service_type: 'printer', fault_type: 'software',
      problem_description: 'Scan to e-mail stopped working after the mail server change.',
      device: { brand: 'HP', model: 'LaserJet Pro M404', serial_number: 'PHBBK50219', warranty_status: 'in_warranty', warranty_number: 'HP-CP-338812', warranty_expiry: '2026-04-30' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }],
  },
  {
    customer: 'fatima',
    daysAgo: 11,
    request: {
      priority: 'high', location: 'office', service_type: 'laptop', fault_type: 'physical_damage',
      problem_description: 'Juice spilled on the keyboard, touchpad not working.',
      device: { brand: 'Dell', model: 'XPS 13 9310', serial_number: '8JQ2KD3', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }, { do: 'start' }, { do: 'parts', note: 'Keyboard and palm-rest assembly for XPS 13 9310' }, { do: 'resume' }],
  },
  {
    customer: 'omar',
    daysAgo: 4,
    request: {
      priority: 'low', location: 'office', service_type: 'phone', fault_type: 'screen',
      problem_description: 'شاشة الآيباد لا تستجيب للمس في بعض الأماكن',
      device: { brand: 'Apple', model: 'iPad Air', serial_number: 'DMPXK2Q1JF8J', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }],
  },
  {
    customer: 'sara',
    daysAgo: 7,
    request: {
      priority: 'high', location: 'home', address: HOME.sara, service_type: 'appliance', fault_type: 'cooling',
      problem_description: 'AC blows warm air in the afternoon.',
      device: { brand: 'LG', model: 'Dual Inverter AC S4-Q24K22QE', serial_number: 'LG24-107KB22094', warranty_status: 'in_warranty', warranty_number: 'LG-KSA-10321', warranty_expiry: '2027-05-15' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }, { do: 'start' }],
  },
  {
    customer: 'customer2',
    daysAgo: 3,
    request: {
      priority: 'medium', location: 'remote', service_type: 'network', fault_type: 'software',
      problem_description: 'نسيت كلمة مرور لوحة تحكم الراوتر وأريد تغيير اسم الشبكة',
      device: { brand: 'TP-Link', model: 'Archer C6 router', serial_number: '22171N4009918', warranty_status: 'unknown' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }],
  },

  // ---- pending parts
  {
    customer: 'customer1',
    daysAgo: 12,
    request: {
      priority: 'medium', location: 'office', service_type: 'phone', fault_type: 'screen',
      problem_description: 'Screen has a green tint and flickers at low brightness.',
      device: { brand: 'Samsung', model: 'Galaxy S22', serial_number: 'R5CT31MN0ZA', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech2' }, { do: 'start' }, { do: 'parts', note: 'Galaxy S22 AMOLED screen assembly (green)' }],
  },
  {
    customer: 'omar',
    daysAgo: 10,
    byAdmin: true,
    request: {
      priority: 'medium', location: 'home', address: HOME.omar, service_type: 'appliance', fault_type: 'no_power',
      problem_description: 'غسالة الصحون لا تعمل نهائياً ولا تظهر أي أضواء',
      device: { brand: 'Bosch', model: 'Serie 4 dishwasher', serial_number: 'SMS4HVI33E-0921', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech1' }, { do: 'start' }, { do: 'parts', note: 'لوحة التحكم الرئيسية (Power module 12014980)' }],
  },
  {
    customer: 'sara',
    daysAgo: 9,
    request: {
      priority: 'low', location: 'office', service_type: 'printer', fault_type: 'other',
      problem_description: 'Toner smears and the pages come out creased.',
      device: { brand: 'HP', model: 'LaserJet Pro M404', serial_number: 'PHBBK47733', warranty_status: 'out_of_warranty' },
    },
    steps: [{ do: 'assign', tech: 'tech3' }, { do: 'start' }, { do: 'parts', note: 'Fuser unit RM2-5399' }],
  },
  {
    customer: 'fatima',
    daysAgo: 16,
    request: {
      priority: 'medium', location: 'office', service_type: 'laptop', fault_type: 'battery',
      problem_description: 'Laptop only works when plugged in.',
      device: { brand: 'HP', model: 'EliteBook 840 G8', serial_number: '5CD1204KPT', warranty_status: 'in_warranty', warranty_number: 'HP-CP-301177', warranty_expiry: '2026-06-30' },
    },
    steps: [
      { do: 'assign', tech: 'tech1' },
      { do: 'start' },
      { do: 'parts', note: 'Battery HP HT03XL' },
      { do: 'resume' },
      { do: 'parts', note: 'The replacement battery was faulty; a second HT03XL is on its way' },
    ],
  },
];

/** Hours each step typically takes after the previous one: [min, max]. */
const GAP_HOURS: Record<Step['do'] | 'feedback', [number, number]> = {
  assign: [0.5, 5],
  unassign: [3, 20],
  start: [3, 30],
  parts: [1, 5],
  resume: [24, 96],
  complete: [1, 8],
  reopen: [12, 40],
  cancel: [1, 30],
  feedback: [2, 24],
};

const ACTION: Record<Step['do'], ServiceRequestAction> = {
  assign: 'assign',
  unassign: 'unassign',
  start: 'start',
  parts: 'await-parts',
  resume: 'resume',
  complete: 'complete',
  reopen: 'reopen',
  cancel: 'cancel',
};

const HOUR = 3_600_000;

/**
 * When each step of a request happens: its request date, then each step after a plausible
 * gap, squeezed if needed so the last one is at least a quarter of an hour ago. Deterministic.
 */
function timeline(r: DemoRequest, index: number, now: number): number[] {
  let start = now - r.daysAgo * 24 * HOUR;
  // Requests older than a day are raised during the day (07:00–19:00 in Riyadh, UTC+3).
  if (r.daysAgo >= 1) {
    const d = new Date(start);
    d.setUTCHours(4 + ((index * 7) % 12), (index * 17) % 60, (index * 31) % 60, 0);
    start = d.getTime();
  }
  const kinds = [...r.steps.map((s) => s.do), ...(r.feedback ? (['feedback'] as const) : [])];
  const gaps = kinds.map((k, i) => {
    const [lo, hi] = GAP_HOURS[k];
    const f = ((index * 37 + i * 53) % 100) / 100;
    return (lo + (hi - lo) * f) * HOUR;
  });
  const latest = now - 0.25 * HOUR;
  const total = gaps.reduce((a, b) => a + b, 0);
  const room = latest - start;
  const squeeze = total > room ? room / (total + HOUR) : 1;
  const times = [start];
  for (const g of gaps) times.push(times.at(-1)! + g * squeeze);
  return times;
}

export async function seedServiceRequests(tx: Tx): Promise<void> {
  const people = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const who = (key: keyof typeof EMAILS): RequestCaller => {
    const u = people.find((p) => p.email === EMAILS[key]);
    if (!u) throw new Error(`demo service requests: no user ${EMAILS[key]}`);
    return { userId: u.id, role: u.role as Role, ip: null };
  };
  const admin = who('admin');
  const now = Date.now();

  // The oldest first, so numbers follow the request dates (SR-000001 is the oldest).
  const ordered = REQUESTS.map((r, i) => ({ r, times: timeline(r, i, now) })).sort((a, b) => a.times[0]! - b.times[0]!);

  // Moves what the last service call wrote (history, notifications, audit rows for staff, the
  // signature and feedback_at — stamped now() or clock_timestamp(), i.e. at or after this
  // transaction's start) back to `at`. Notifications older than three days count as read.
  const backdate = async (id: string, at: number, opts: { staff: boolean; feedback?: boolean }) => {
    const when = sql`${new Date(at).toISOString()}::timestamptz`;
    const fresh = sql`request_id = ${id}::uuid and created_at >= now()`;
    const parts = [
      sql`h as (update service_request_history set created_at = ${when} where ${fresh} returning 1)`,
      opts.staff ? sql`a as (update audit_log set created_at = ${when} where entity = 'service_request' and entity_id = ${id} and created_at >= now() returning 1)` : null,
      opts.feedback ? sql`s as (update attachments set created_at = ${when} where ${fresh} returning 1)` : null,
      opts.feedback ? sql`f as (update service_requests set feedback_at = ${when} where id = ${id}::uuid returning 1)` : null,
    ].filter((p) => p !== null);
    // The service calls' notifications wait for the commit (db/at-commit.ts): write them first.
    await sendQueuedWrites(tx);
    await tx.execute(sql`
      with ${sql.join(parts, sql`, `)}
      update notifications set created_at = ${when}, read = ${now - at > 72 * HOUR}
      where link = ${`/dashboard/service-requests/${id}`} and created_at >= now()`);
  };

  const ids: string[] = [];
  for (const [n, { r, times }] of ordered.entries()) {
    const customer = who(r.customer);
    const input = ZCreateServiceRequest.parse({ ...r.request, ...(r.byAdmin ? { customer_id: customer.userId } : {}) });
    const created = await createServiceRequest(tx, r.byAdmin ? admin : customer, input);
    const id = created.id;
    ids.push(id);
    await backdate(id, times[0]!, { staff: !!r.byAdmin });

    let technician: RequestCaller | null = null;
    for (const [i, step] of r.steps.entries()) {
      const action = ACTION[step.do];
      let caller: RequestCaller = admin;
      let body: Record<string, unknown> = {};
      switch (step.do) {
        case 'assign':
          technician = who(step.tech);
          body = { technician_id: technician.userId };
          break;
        case 'unassign':
          technician = null;
          body = { note: step.note };
          break;
        case 'reopen':
          body = { note: step.note };
          break;
        case 'cancel':
          caller = step.by === 'customer' ? customer : step.by === 'tech' && technician ? technician : admin;
          body = { reason: step.reason };
          break;
        case 'parts':
          caller = technician ?? admin;
          body = { note: step.note };
          break;
        case 'complete':
          caller = technician ?? admin;
          // Signed on the technician's device: the technician and the customer (PRODUCT.md §3).
          body = { diagnosis: step.diagnosis, resolution: step.resolution, technician_signature: signatureDataUrl(n + 101), customer_signature: signatureDataUrl(n + 201) };
          break;
        default:
          caller = technician ?? admin;
      }
      const parsed = SERVICE_REQUEST_ACTION_BODIES[action].parse(body) as ServiceRequestActionBody<typeof action>;
      await applyRequestAction(tx, caller, id, action, parsed);
      await backdate(id, times[i + 1]!, { staff: caller.role !== 'customer' });
    }
    if (r.feedback) {
      const fb = ZFeedbackRequest.parse({ rating: r.feedback.rating, feedback: r.feedback.text ?? null, signature: signatureDataUrl(n + 1) });
      await giveFeedback(tx, customer, id, fb);
      await backdate(id, times.at(-1)!, { staff: false, feedback: true });
    }
  }

  // The request's own timestamps, from its (now backdated) history: the request date is its
  // first row; assigned, first response, started, completed and cancelled follow the rows the
  // service wrote them with; updated is the last change (or the feedback).
  await tx.execute(sql`
    with h as (
      select request_id,
        min(created_at) as created,
        max(created_at) as last_change,
        max(created_at) filter (where to_status = 'assigned') as last_assigned,
        min(created_at) filter (where to_status in ('assigned', 'in_progress') and from_status is not null) as first_response,
        min(created_at) filter (where from_status = 'assigned' and to_status = 'in_progress') as first_start,
        max(created_at) filter (where to_status = 'completed') as last_completed,
        max(created_at) filter (where to_status = 'cancelled') as cancelled
      from service_request_history
      where request_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      group by request_id)
    update service_requests r set
      created_at = h.created,
      assigned_at = case when r.assigned_at is not null then h.last_assigned end,
      first_response_at = case when r.first_response_at is not null then h.first_response end,
      started_at = case when r.started_at is not null then h.first_start end,
      completed_at = case when r.completed_at is not null then h.last_completed end,
      cancelled_at = case when r.cancelled_at is not null then h.cancelled end,
      updated_at = greatest(h.last_change, r.feedback_at)
    from h
    where r.id = h.request_id`);

  // The demo's requests are its past: their customers are not e-mailed about them (issue #28).
  await tx.execute(sql`delete from jobs where kind = 'customer_mail' and done_at is null and subject_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);

  // The work log, from the (backdated) history: each stretch in progress is worked for a while —
  // until the next change, at most 3 hours (a request in progress now was paused after 2 hours).
  await tx.execute(sql`delete from work_log_entries where request_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  await tx.execute(sql`
    insert into work_log_entries (request_id, technician_id, started_at, ended_at, note)
    select h.request_id, r.technician_id, h.created_at,
      least(coalesce(h.next_at, h.created_at + interval '2 hours'), h.created_at + interval '3 hours', now()),
      case when h.next_status = 'pending_parts' then 'Waiting for parts' end
    from (
      select request_id, created_at, to_status,
        lead(created_at) over (partition by request_id order by created_at, id) as next_at,
        lead(to_status) over (partition by request_id order by created_at, id) as next_status
      from service_request_history
      where request_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})) h
    join service_requests r on r.id = h.request_id
    where h.to_status = 'in_progress' and r.technician_id is not null`);
}
