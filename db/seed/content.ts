import type { AboutScene, BannerSpec, ComplaintScene, GalleryScene } from './images';

/**
 * The demo council's text: people, documents, news and complaints. Everything here is invented; names are
 * common Bihar names chosen to look ordinary, not to point at anyone. Dates are offsets from the day the seed
 * runs, so a fresh demo always has open tenders and recent news.
 */

// ---------------------------------------------------------------------------------------------------------
// Home page pictures and the About section

export const sliderBanners: BannerSpec[] = [
  {
    scene: 'skyline', headline: 'Welcome to Nagar Parishad Kamalpur', subline: 'Serving 25 wards and over 68,000 residents since 1957',
    description: 'Drawing of the council building with its clock tower and the national flag, between rows of town houses under a blue sky',
  },
  {
    scene: 'park', headline: 'Kamal Sarovar Park and Walking Track', subline: 'Open daily from 5:30 AM to 8:30 PM, entry free for all',
    description: 'Drawing of a green park with a curved walking track, benches, palm trees and a small pond',
  },
  {
    scene: 'riverside', headline: 'Swachh Kamalpur, Sundar Kamalpur', subline: 'Door-to-door waste collection now reaches every ward',
    description: 'Drawing of the river ghat at sunset: steps down to the water, a temple spire and a boat',
  },
  {
    scene: 'evening', headline: '1,850 New LED Street Lights', subline: 'Report a dark street on the toll-free number',
    description: 'Drawing of a street at dusk lit by a row of new street lights in front of houses with lit windows',
  },
];

export interface AboutEntry {
  name: string;
  description: string;
  scene: AboutScene;
}

export const aboutEntries: AboutEntry[] = [
  {
    name: 'History of Kamalpur',
    scene: 'heritage',
    description:
      'Kamalpur grew around a river ghat and a weekly grain market on the old trade route between the Gandak plains and Patna. ' +
      'A town committee was formed in 1957 and upgraded to a Nagar Panchayat in 1984; the town became a Nagar Parishad in 2021 ' +
      'after its population crossed 60,000. The council still works from the red-trimmed building on Station Road, whose clock ' +
      'tower has been a landmark of the market since it was built.',
  },
  {
    name: 'Our Services',
    scene: 'services',
    description:
      'The council collects waste door to door in all 25 wards, maintains roads, drains and 1,850 street lights, and runs the ' +
      'piped water supply from three overhead tanks. Citizens can pay holding tax, apply for trade licences, register births ' +
      'and deaths, and lodge complaints at the facilitation counter or on the toll-free number; this portal shows how ' +
      'complaints are progressing. Most services are also available under the RTPS Act with a fixed time limit.',
  },
  {
    name: 'Vision 2030',
    scene: 'vision',
    description:
      'We want Kamalpur to be a clean, green and well-lit town where every household has tap water and every street has a ' +
      'covered drain. Our plan for the next five years covers solar power on public buildings, a faecal sludge treatment ' +
      'plant, a second park on the river bank, and full digitisation of property records so that every service can be used ' +
      'online.',
  },
];

// ---------------------------------------------------------------------------------------------------------
// Office holders and staff

export interface PersonEntry {
  name: string;
  gender: 'f' | 'm';
  postRemarks: string;
  fromDate: string;
  /** An office address; staff without one get firstname.lastname at the council's domain. */
  email?: string;
  /** Grey hair on the avatar. */
  senior?: boolean;
}

export interface DesignationGroup {
  /** Spelled exactly as the public pages query it. */
  designation: string;
  showHomePage: boolean;
  people: PersonEntry[];
}

/** Ward councillors, one per ward; index + 1 is the ward number. Half the seats are held by women, as by law. */
const wardCouncillors: Array<[string, 'f' | 'm']> = [
  ['Smt. Rekha Devi', 'f'],
  ['Shri Santosh Kumar Gupta', 'm'],
  ['Smt. Nazma Khatoon', 'f'],
  ['Shri Bablu Kumar Singh', 'm'],
  ['Smt. Anita Kumari Mandal', 'f'],
  ['Shri Dinesh Ram', 'm'],
  ['Smt. Pushpa Sinha', 'f'],
  ['Md. Irfan Ansari', 'm'],
  ['Smt. Manju Devi Chaurasia', 'f'],
  ['Shri Vikash Kumar Thakur', 'm'],
  ['Smt. Gudiya Kumari', 'f'],
  ['Shri Ramesh Prasad Sah', 'm'],
  ['Smt. Sabina Parveen', 'f'],
  ['Shri Ajay Kumar Paswan', 'm'],
  ['Smt. Priyanka Bharti', 'f'],
  ['Shri Manoj Kumar Mahto', 'm'],
  ['Smt. Lalita Devi', 'f'],
  ['Shri Sanjay Kumar Jaiswal', 'm'],
  ['Smt. Rinku Kumari Rajak', 'f'],
  ['Shri Umesh Prasad Kushwaha', 'm'],
  ['Smt. Shabnam Ara', 'f'],
  ['Shri Nitesh Kumar Pandey', 'm'],
  ['Smt. Babita Devi Sharma', 'f'],
  ['Shri Rajeev Ranjan Mishra', 'm'],
  ['Smt. Kanchan Kumari Gupta', 'f'],
];

/** The date the councillors elected in the last municipal election took oath. */
const BOARD_SWORN_IN = '2022-12-30';

const wardEmail = (ward: number) => `parshad.ward${String(ward).padStart(2, '0')}@nagarparishad.example`;

/** Wards whose councillors the board elected to the standing committee. */
const standingCommitteeWards = [3, 7, 10, 16, 22];

export const employeeGroups: DesignationGroup[] = [
  {
    designation: 'Chief Minister',
    showHomePage: true,
    people: [{ name: 'Shri Awadhesh Narayan Choudhary', gender: 'm', postRemarks: "Hon'ble Chief Minister, Government of Bihar", fromDate: '2025-11-20', email: 'cm-office@bihar.example', senior: true }],
  },
  {
    designation: 'Minister',
    showHomePage: true,
    people: [
      { name: 'Smt. Kiran Devi Paswan', gender: 'f', postRemarks: "Hon'ble Minister, Urban Development & Housing Department, Bihar", fromDate: '2025-11-20', email: 'minister-udhd@bihar.example', senior: true },
      { name: 'Shri Ramashish Prasad Yadav', gender: 'm', postRemarks: "Hon'ble Minister, Water Resources Department and Minister-in-charge, Gandakpur District", fromDate: '2025-11-20', email: 'minister-wrd@bihar.example', senior: true },
    ],
  },
  {
    designation: 'Principal Secretary',
    showHomePage: true,
    people: [{ name: 'Shri Alok Ranjan Verma, IAS', gender: 'm', postRemarks: 'Principal Secretary, Urban Development & Housing Department, Bihar', fromDate: '2024-07-01', email: 'prsecy-udhd@bihar.example', senior: true }],
  },
  {
    designation: 'Chairman',
    showHomePage: true,
    people: [{ name: 'Smt. Sunita Kumari', gender: 'f', postRemarks: 'Chairman (Mukhya Parshad), Nagar Parishad Kamalpur', fromDate: BOARD_SWORN_IN, email: 'chairman@nagarparishad.example' }],
  },
  {
    designation: 'Vice Chairman',
    showHomePage: true,
    people: [{ name: 'Shri Mohammad Shahid Alam', gender: 'm', postRemarks: 'Vice Chairman (Up-Mukhya Parshad), Nagar Parishad Kamalpur', fromDate: BOARD_SWORN_IN, email: 'vicechairman@nagarparishad.example' }],
  },
  {
    designation: 'Executive Officer',
    showHomePage: true,
    people: [{ name: 'Shri Pranav Kumar Jha', gender: 'm', postRemarks: 'Executive Officer, Bihar Administrative Service', fromDate: '2025-04-15', email: 'eo@nagarparishad.example' }],
  },
  {
    designation: 'Ward Parshad',
    showHomePage: false,
    people: wardCouncillors.map(([name, gender], i) => ({ name, gender, postRemarks: `Ward No. ${i + 1}`, fromDate: BOARD_SWORN_IN, email: wardEmail(i + 1) })),
  },
  {
    designation: 'Standing Committee Members',
    showHomePage: false,
    people: standingCommitteeWards.map((ward) => {
      const [name, gender] = wardCouncillors[ward - 1];
      return { name, gender, postRemarks: `Member, Standing Committee (Ward No. ${ward})`, fromDate: '2023-01-18', email: wardEmail(ward) };
    }),
  },
  {
    designation: 'IT',
    showHomePage: false,
    people: [
      { name: 'Shri Abhishek Anand', gender: 'm', postRemarks: 'IT Manager', fromDate: '2021-09-01' },
      { name: 'Ms. Shreya Kumari', gender: 'f', postRemarks: 'System Analyst', fromDate: '2023-02-13' },
      { name: 'Shri Rahul Raj', gender: 'm', postRemarks: 'MIS Assistant', fromDate: '2024-05-06' },
    ],
  },
  {
    designation: 'Operators',
    showHomePage: false,
    people: [
      { name: 'Shri Amit Kumar Das', gender: 'm', postRemarks: 'Computer Operator, Birth & Death Registration', fromDate: '2019-08-12' },
      { name: 'Ms. Nisha Kumari', gender: 'f', postRemarks: 'Computer Operator, Holding Tax Section', fromDate: '2021-03-22' },
      { name: 'Shri Sunil Kumar Ram', gender: 'm', postRemarks: 'Computer Operator, Grievance Help Desk', fromDate: '2022-01-10' },
      { name: 'Ms. Poonam Bharti', gender: 'f', postRemarks: 'Computer Operator, Trade Licence Section', fromDate: '2024-10-01' },
    ],
  },
  {
    designation: 'Officers',
    showHomePage: false,
    people: [
      { name: 'Smt. Archana Srivastava', gender: 'f', postRemarks: 'City Manager', fromDate: '2022-06-20' },
      { name: 'Shri Sudhir Kumar Singh', gender: 'm', postRemarks: 'Assistant Engineer', fromDate: '2020-11-02' },
      { name: 'Shri Kaushal Kishore Prasad', gender: 'm', postRemarks: 'Junior Engineer (Civil)', fromDate: '2023-07-17' },
      { name: 'Md. Tanveer Alam', gender: 'm', postRemarks: 'Sanitary Inspector', fromDate: '2021-12-06' },
    ],
  },
  {
    designation: 'Employees',
    showHomePage: false,
    people: [
      { name: 'Shri Ram Babu Paswan', gender: 'm', postRemarks: 'Head Clerk', fromDate: '2009-04-01', senior: true },
      { name: 'Shri Arvind Kumar', gender: 'm', postRemarks: 'Tax Daroga', fromDate: '2014-08-18' },
      { name: 'Smt. Meena Devi', gender: 'f', postRemarks: 'Accounts Clerk', fromDate: '2017-02-27' },
      { name: 'Shri Lakhan Ram', gender: 'm', postRemarks: 'Sanitation Supervisor', fromDate: '2016-06-13' },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Tenders

export interface TenderEntry {
  /** Section code in the tender number, e.g. ENG in NPK/ENG/2026/014. */
  section: string;
  serial: number;
  title: string;
  description: string;
  estimatedCost: string;
  earnestMoney: string;
  completionPeriod: string;
  /** Names of documents 2 to 5, in slot order; document 1 is always the notice inviting tender. */
  extraDocuments: string[];
  publishedDaysAgo: number;
  /** Positive: still open; negative: closed that many days ago. */
  closesInDays: number;
  closingTime: string;
}

export const tenders: TenderEntry[] = [
  {
    section: 'ENG', serial: 14,
    title: 'Construction of PCC road and covered drain from Durga Mandir to Station Road, Ward No. 7',
    description: 'Single-stage two-envelope e-tender for 640 m of PCC road with a covered RCC drain on one side.',
    estimatedCost: 'Rs. 48,62,300', earnestMoney: 'Rs. 97,300', completionPeriod: '4 months',
    extraDocuments: ['BOQ', 'Drawings', 'Technical Specifications'],
    publishedDaysAgo: 6, closesInDays: 21, closingTime: '15:00',
  },
  {
    section: 'ELE', serial: 9,
    title: 'Supply, installation and five-year maintenance of 150 LED street lights with GI poles',
    description: 'Rate contract for 45 W LED luminaires with poles, cabling and timer panels in Wards 12 to 25.',
    estimatedCost: 'Rs. 31,75,000', earnestMoney: 'Rs. 63,500', completionPeriod: '90 days',
    extraDocuments: ['BOQ', 'Technical Specifications'],
    publishedDaysAgo: 3, closesInDays: 14, closingTime: '13:00',
  },
  {
    section: 'SWM', serial: 5,
    title: 'Engagement of agency for door-to-door waste collection and transportation in Wards 1 to 25',
    description: 'Two-year service contract including segregated collection, 24 e-rickshaws, manpower and GPS tracking.',
    estimatedCost: 'Rs. 2,64,00,000 (two years)', earnestMoney: 'Rs. 5,28,000', completionPeriod: '24 months',
    extraDocuments: ['Scope of Work', 'Draft Agreement', 'Bid Forms', 'Corrigendum No. 1'],
    publishedDaysAgo: 12, closesInDays: 9, closingTime: '16:00',
  },
  {
    section: 'WS', serial: 11,
    title: 'Annual maintenance of overhead water tank, pump house and distribution lines, Ward No. 9',
    description: 'Operation and maintenance of the 4.5 lakh litre overhead tank, two submersible pumps and 7.2 km of lines.',
    estimatedCost: 'Rs. 18,40,000', earnestMoney: 'Rs. 36,800', completionPeriod: '12 months',
    extraDocuments: [],
    publishedDaysAgo: 2, closesInDays: 35, closingTime: '15:00',
  },
  {
    section: 'ENG', serial: 11,
    title: 'Construction of community toilet complex (10 seats) near the bus stand',
    description: 'Ten-seat toilet block with bathing cubicles, septic tank and soak pit under the Swachh Bharat Mission.',
    estimatedCost: 'Rs. 22,18,600', earnestMoney: 'Rs. 44,400', completionPeriod: '3 months',
    extraDocuments: ['BOQ', 'Drawings'],
    publishedDaysAgo: 58, closesInDays: -37, closingTime: '15:00',
  },
  {
    section: 'SWM', serial: 3,
    title: 'Supply of two hydraulic tipper vehicles (3 cubic metre) for solid waste management',
    description: 'Supply of two BS-VI tipper vehicles with hydraulic tipping bodies, registration and insurance.',
    estimatedCost: 'Rs. 27,50,000', earnestMoney: 'Rs. 55,000', completionPeriod: '60 days',
    extraDocuments: ['Technical Specifications'],
    publishedDaysAgo: 96, closesInDays: -70, closingTime: '14:00',
  },
  {
    section: 'ENG', serial: 8,
    title: 'Pre-monsoon desilting of main drains and nalas in all wards',
    description: 'Manual and mechanical desilting of 14.6 km of main drains, with disposal of silt at the approved site.',
    estimatedCost: 'Rs. 12,90,000', earnestMoney: 'Rs. 25,800', completionPeriod: '45 days',
    extraDocuments: ['BOQ'],
    publishedDaysAgo: 190, closesInDays: -172, closingTime: '15:00',
  },
  {
    section: 'ENG', serial: 12,
    title: 'Beautification of Kamal Sarovar pond with walking track, benches and lighting',
    description: 'Stone pitching of the pond bank, an 850 m paver-block walking track, 40 benches and solar lights.',
    estimatedCost: 'Rs. 74,35,800', earnestMoney: 'Rs. 1,48,700', completionPeriod: '6 months',
    extraDocuments: ['BOQ', 'Drawings', 'Technical Specifications', 'Corrigendum No. 1'],
    publishedDaysAgo: 41, closesInDays: -19, closingTime: '15:00',
  },
];

// ---------------------------------------------------------------------------------------------------------
// Notices, circulars and office orders

export interface DocumentEntry {
  title: string;
  description: string;
  daysAgo: number;
  /** Circulars and office orders only. */
  department?: string;
  /** Section code for the letter number on the PDF. */
  section: string;
}

export const notices: DocumentEntry[] = [
  {
    section: 'REV', daysAgo: 3,
    title: 'Last date for payment of holding tax for 2026-27 without penalty',
    description: 'Holding tax for the financial year 2026-27 may be paid without penalty until 31 December at the council counter. A penalty of 1.5% per month applies after that date.',
  },
  {
    section: 'WS', daysAgo: 9,
    title: 'Special camp for new water connections in Wards 1 to 10',
    description: 'A camp for new household tap connections under the Har Ghar Nal Ka Jal scheme will be held at the council office from Monday to Saturday next week. Bring the latest holding tax receipt and an identity proof.',
  },
  {
    section: 'SWM', daysAgo: 17,
    title: 'Ban on single-use plastic carry bags in market areas',
    description: 'Shopkeepers and street vendors are reminded that single-use plastic carry bags are banned. Enforcement teams will inspect the main market and the vegetable mandi, and fines will be imposed under the state notification.',
  },
  {
    section: 'GEN', daysAgo: 26,
    title: 'Document verification of street vendors under PM SVANidhi',
    description: 'Street vendors who applied for working capital loans should attend document verification at the City Mission Management Unit on the dates given ward-wise in the attached schedule.',
  },
  {
    section: 'HLT', daysAgo: 38,
    title: 'Mosquito fogging schedule for all wards, post-monsoon season',
    description: 'Fogging will be done ward by ward between 6 PM and 8 PM according to the attached schedule. Residents are requested to keep windows open during fogging and remove stagnant water around their houses.',
  },
  {
    section: 'HSG', daysAgo: 47,
    title: 'Objections invited on the draft beneficiary list, PMAY (Urban) 2.0',
    description: 'The draft list of beneficiaries is displayed on the notice board and on this website. Objections or claims may be submitted in writing at the council office within fifteen days of this notice.',
  },
  {
    section: 'ENG', daysAgo: 63,
    title: 'Traffic diversion on Station Road during drain construction',
    description: 'Station Road between Gandhi Maidan and the railway crossing will be closed to heavy vehicles for forty days during construction of the covered drain. Traffic will be diverted through College Road.',
  },
  {
    section: 'GEN', daysAgo: 79,
    title: 'Chhath Puja ghat preparations: instructions to residents and vendors',
    description: 'The ghats on the river bank and at Kamal Sarovar will be cleaned, lit and barricaded by the council. Vendors may set up stalls only in the marked zones, and bursting crackers near the ghats is prohibited.',
  },
  {
    section: 'EST', daysAgo: 104,
    title: 'Walk-in interview for City Mission Manager on contract',
    description: 'A walk-in interview for one post of City Mission Manager on a contract of one year will be held at the council office. Eligibility, remuneration and the application form are given in the attached notice.',
  },
  {
    section: 'GEN', daysAgo: 132,
    title: 'Ordinary meeting of the Board of Nagar Parishad',
    description: 'An ordinary meeting of the Board will be held in the council meeting hall at 11 AM. The agenda includes the revised budget, the sanitation contract and naming of the new park. Members are requested to attend.',
  },
];

export const circulars: DocumentEntry[] = [
  {
    section: 'GA', department: 'General Administration', daysAgo: 5,
    title: 'Biometric attendance compulsory for all staff from the first of next month',
    description: 'All regular and contractual staff will mark attendance on the biometric machine at the main gate. Salary for days without attendance will be withheld unless the absence is approved in advance.',
  },
  {
    section: 'REV', department: 'Revenue (Holding Tax)', daysAgo: 14,
    title: 'Revised rates of holding tax under the Bihar Municipal Property Tax Rules',
    description: 'The revised annual rental values notified by the state government apply from the current financial year. Tax collectors will issue revised demand notices and explain the new rates to residents.',
  },
  {
    section: 'SWM', department: 'Solid Waste Management', daysAgo: 22,
    title: 'Source segregation of waste into wet and dry fractions',
    description: 'Households and shops must hand over waste in two separate bins, green for wet and blue for dry. Collection staff will record non-compliance, and repeated violations will attract a spot fine.',
  },
  {
    section: 'ENG', department: 'Engineering', daysAgo: 31,
    title: 'Geo-tagged photographs required at each stage of civil works',
    description: 'Junior engineers shall upload geo-tagged photographs before, during and after each work. Running bills will not be processed without the photographs being attached.',
  },
  {
    section: 'ACC', department: 'Accounts', daysAgo: 44,
    title: 'Closing of accounts and submission of utilisation certificates',
    description: 'Section heads shall submit utilisation certificates for all grants received in the last financial year to the Accounts section by the end of this month so that the annual accounts can be closed.',
  },
  {
    section: 'HLT', department: 'Health & Sanitation', daysAgo: 56,
    title: 'Precautions against dengue and malaria during the rainy season',
    description: 'Sanitary inspectors shall ensure weekly anti-larval spraying in low-lying areas and cleaning of drains near schools and hospitals. Cases reported by health centres are to be followed up within 48 hours.',
  },
  {
    section: 'EST', department: 'Establishment', daysAgo: 70,
    title: 'Submission of annual property returns by employees',
    description: 'All employees shall submit their statement of immovable property for the last calendar year in the prescribed form to the Establishment section.',
  },
  {
    section: 'WS', department: 'Water Supply', daysAgo: 88,
    title: 'Testing of drinking water samples from every ward',
    description: 'Water samples will be collected from public stand posts and household taps in every ward each month and tested at the district laboratory. Results will be displayed on the council notice board.',
  },
  {
    section: 'IT', department: 'IT Cell', daysAgo: 117,
    title: 'Online receipt of grievances through the council portal',
    description: 'All grievances received on the portal are to be acknowledged within one working day and resolved within the time limit fixed for each service. Section heads will review pending complaints every Monday.',
  },
  {
    section: 'TP', department: 'Town Planning', daysAgo: 149,
    title: 'Building plan approval through the online system only',
    description: 'Applications for building plan approval will now be accepted only through the online building plan approval system. Paper applications will not be entertained from the date of this circular.',
  },
];

export const officeOrders: DocumentEntry[] = [
  {
    section: 'GA', department: 'General Administration', daysAgo: 4,
    title: 'Nomination of nodal officer for public grievance redressal',
    description: 'The City Manager is nominated as the nodal officer for public grievances. All section heads shall report the status of complaints assigned to them every Friday.',
  },
  {
    section: 'SWM', department: 'Solid Waste Management', daysAgo: 11,
    title: 'Night sweeping duty roster for the main market and bus stand',
    description: 'Sanitation workers named in the attached roster will carry out night sweeping from 9 PM to 1 AM in the main market, the vegetable mandi and the bus stand area, under the Sanitation Supervisor.',
  },
  {
    section: 'EST', department: 'Establishment', daysAgo: 19,
    title: 'Change of sections of clerical staff',
    description: 'In the interest of work, the clerks named in the order are moved between the Holding Tax, Trade Licence and Birth & Death Registration sections with immediate effect and shall hand over charge within three days.',
  },
  {
    section: 'SWM', department: 'Solid Waste Management', daysAgo: 28,
    title: 'Formation of flying squad for enforcement of the plastic ban',
    description: 'A flying squad led by the Sanitary Inspector with two tax collectors and two police personnel is formed to inspect shops and impose fines for the use of banned plastic bags.',
  },
  {
    section: 'GA', department: 'General Administration', daysAgo: 40,
    title: 'Duties of staff for Chhath Puja arrangements at the ghats',
    description: 'Staff are deployed at the ghats for cleaning, lighting, drinking water and control rooms as listed in the order. The control room at the council office will work round the clock during the festival.',
  },
  {
    section: 'ENG', department: 'Engineering', daysAgo: 52,
    title: 'Allocation of wards to junior engineers for supervision of works',
    description: 'Wards 1 to 12 are allotted to Junior Engineer (Civil) I and Wards 13 to 25 to Junior Engineer (Civil) II for supervision, measurement and quality checks of all civil works.',
  },
  {
    section: 'ACC', department: 'Accounts', daysAgo: 67,
    title: 'Authorisation of officers to sign cheques and e-payment advices',
    description: 'The Executive Officer and the Accountant are authorised as joint signatories for all council bank accounts. Earlier authorisations stand cancelled.',
  },
  {
    section: 'REV', department: 'Revenue (Holding Tax)', daysAgo: 83,
    title: 'Ward-wise holding tax collection targets for collectors',
    description: 'Tax collectors are given ward-wise collection targets for the year as per the attached statement. Progress will be reviewed in the monthly revenue meeting.',
  },
  {
    section: 'WS', department: 'Water Supply', daysAgo: 109,
    title: 'Timings of water supply from the overhead tanks',
    description: 'Water will be supplied from 5:30 AM to 8:30 AM and from 5 PM to 7 PM. Pump operators shall maintain the logbook of running hours and report breakdowns to the Assistant Engineer at once.',
  },
  {
    section: 'EST', department: 'Establishment', daysAgo: 141,
    title: 'Sanction of earned leave to staff during the festival season',
    description: 'Earned leave during the festival season will be sanctioned only after alternative arrangements are made in the section. Not more than one staff member of a section may be on leave at the same time.',
  },
];

// ---------------------------------------------------------------------------------------------------------
// Latest news (also the breaking-news strip)

export interface NewsEntry {
  title: string;
  description: string;
  daysAgo: number;
  /** Hour of the day (IST) the item was posted. */
  hour: number;
}

export const latestNews: NewsEntry[] = [
  { daysAgo: 0, hour: 9, title: 'Holding tax counter open on Saturday and Sunday this month', description: 'The counter at the council office will stay open from 10 AM to 4 PM on weekends until the end of the month to help residents pay before the penalty date.' },
  { daysAgo: 1, hour: 16, title: 'LED street lights switched on in Wards 14 to 18', description: '312 new LED lights were switched on along College Road and the Mahavir Chowk area. Dark spots can be reported on the toll-free number.' },
  { daysAgo: 2, hour: 11, title: 'Water supply to be interrupted in Ward 9 on Thursday', description: 'Supply from the Ward 9 overhead tank will remain closed from 10 AM to 4 PM for cleaning of the tank.' },
  { daysAgo: 4, hour: 13, title: 'Tender for door-to-door waste collection published', description: 'The tender for a two-year waste collection contract covering all 25 wards has been published. Details are in the Tenders section.' },
  { daysAgo: 6, hour: 10, title: 'Cleanliness drive at the vegetable mandi on Sunday', description: 'Councillors, staff and traders will clean the mandi and the bus stand area from 7 AM. Residents are welcome to join.' },
  { daysAgo: 8, hour: 15, title: 'Birth and death certificates now issued within seven days', description: 'Certificates applied for at the counter or online are now issued within seven working days under the RTPS Act.' },
  { daysAgo: 10, hour: 12, title: 'Draft PMAY (Urban) beneficiary list displayed', description: 'The draft list is on the notice board and in the Notices section. Objections may be filed within fifteen days.' },
  { daysAgo: 13, hour: 17, title: 'Board approves naming of Kamal Sarovar park', description: 'The Board in its last meeting approved the name Kamal Sarovar Udyan for the new park and walking track.' },
];

// ---------------------------------------------------------------------------------------------------------
// Gallery: three events, four pictures each (the shared title groups them)

/** Days before the seed runs, or days after the most recent Republic Day (26 January) for that event. */
export type DayOffset = number | { afterRepublicDay: number };

export interface GalleryGroup {
  title: string;
  scene: GalleryScene;
  when: DayOffset;
  descriptions: [string, string, string, string];
}

export const galleryGroups: GalleryGroup[] = [
  {
    title: 'Swachhata Abhiyan - Cleanliness Drive',
    scene: 'cleanliness',
    when: 4,
    descriptions: [
      'Sanitation workers and volunteers sweeping the market road at 7 AM.',
      'Councillors joined the drive near the vegetable mandi.',
      'Students of the town high school took part with their teachers.',
      'Waste was handed over in separate green and blue bins.',
    ],
  },
  {
    title: 'Republic Day Flag Hoisting',
    scene: 'republic-day',
    when: { afterRepublicDay: 0 },
    descriptions: [
      'The Chairman hoisted the national flag at the council office.',
      'School children sang the national anthem.',
      'Staff and residents at the flag hoisting ceremony.',
      'Sweets were distributed after the ceremony.',
    ],
  },
  {
    title: 'Inauguration of Overhead Water Tank, Ward 9',
    scene: 'water-tank',
    when: 45,
    descriptions: [
      'The new 4.5 lakh litre overhead tank in Ward 9.',
      'The ribbon was cut by the Chairman and the ward councillor.',
      'Residents of Ward 9 at the inauguration.',
      'The tank will supply about 1,200 households.',
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Press releases

export interface PressEntry {
  title: string;
  description: string;
  paper: string;
  pageNo: string;
  when: DayOffset;
  picture: GalleryScene | 'council';
}

export const pressReleases: PressEntry[] = [
  { paper: 'Dainik Jagran', pageNo: '5', when: 3, picture: 'cleanliness', title: 'Town joins hands for cleanliness drive at mandi', description: 'Coverage of the Sunday cleanliness drive in the vegetable mandi and at the bus stand.' },
  { paper: 'Hindustan', pageNo: '4', when: 16, picture: 'council', title: 'Nagar Parishad extends tax counter hours', description: 'Report on weekend opening of the holding tax counter before the penalty date.' },
  { paper: 'Prabhat Khabar', pageNo: '7', when: 44, picture: 'water-tank', title: 'New water tank to serve 1,200 homes in Ward 9', description: 'Report on the inauguration of the overhead water tank in Ward 9.' },
  { paper: 'The Times of India', pageNo: '3', when: 71, picture: 'council', title: 'Kamalpur council clears Rs 74 lakh pond makeover', description: 'Report on the Board decision to beautify Kamal Sarovar with a walking track.' },
  { paper: 'Dainik Bhaskar', pageNo: '6', when: 120, picture: 'cleanliness', title: 'Plastic ban: flying squad fines 23 shops', description: 'Report on enforcement of the single-use plastic ban in the main market.' },
  { paper: 'Hindustan', pageNo: '2', when: { afterRepublicDay: 1 }, picture: 'republic-day', title: 'Republic Day celebrated with enthusiasm at council office', description: 'Coverage of the flag hoisting ceremony at the council office on Republic Day.' },
];

// ---------------------------------------------------------------------------------------------------------
// Complaints

export interface GrievanceEntry {
  title: string;
  /** The picture drawn for complaints of this type; types without one get no photos. */
  scene?: ComplaintScene;
  /** The officer who acts on complaints of this type. */
  handledBy: string;
  /** Hours the council gives itself to resolve one (the category's SLA). */
  slaHours: number;
}

export const grievanceTypes: GrievanceEntry[] = [
  { title: 'Garbage not collected', scene: 'garbage', handledBy: 'Md. Tanveer Alam (Sanitary Inspector)', slaHours: 48 },
  { title: 'Street light not working', scene: 'streetlight', handledBy: 'Shri Sudhir Kumar Singh (Assistant Engineer)', slaHours: 72 },
  { title: 'Water supply', scene: 'water-leak', handledBy: 'Shri Sudhir Kumar Singh (Assistant Engineer)', slaHours: 48 },
  { title: 'Drainage blocked', scene: 'drain', handledBy: 'Md. Tanveer Alam (Sanitary Inspector)', slaHours: 72 },
  { title: 'Road damaged / potholes', scene: 'pothole', handledBy: 'Shri Kaushal Kishore Prasad (Junior Engineer)', slaHours: 240 },
  { title: 'Mosquito fogging not done', handledBy: 'Md. Tanveer Alam (Sanitary Inspector)', slaHours: 120 },
  { title: 'Stray animals', handledBy: 'Smt. Archana Srivastava (City Manager)', slaHours: 168 },
  { title: 'Public toilet not clean', handledBy: 'Shri Lakhan Ram (Sanitation Supervisor)', slaHours: 48 },
];

export const districtName = 'Gandakpur';
export const wardCount = 25;

/** Staff at the facilitation desk who type in complaints received by phone or at the counter. */
export const complaintDesk = ['Shri Sunil Kumar Ram', 'Ms. Nisha Kumari', 'Shri Amit Kumar Das'];

export type ComplaintStatus = 'Open' | 'Pending' | 'Resolved' | 'Rejected';

export interface ComplaintEntry {
  /** Index into grievanceTypes. */
  type: number;
  ward: number;
  status: ComplaintStatus;
  landmark: string;
  suggestion: string;
  info: string;
  daysAgo: number;
  /** Messages the citizen sent after filing, oldest first. */
  reminders?: string[];
  /** How many of the citizen's photos to attach (0 to 2); only for types with a picture. */
  photos?: number;
  /**
   * Where the grievance workflow has taken it beyond what the old status says: an Open one the citizen
   * reopened after a resolution, a Resolved one since closed (rated, or closed by itself). The old status
   * stays what old clients see.
   */
  state?: 'Reopened' | 'Closed';
  /** The citizen's rating of the work (a Closed one). */
  rating?: number;
  /**
   * For a Resolved one: resolved this many days ago, so it is still open to rating and reopening. Resolved
   * ones without it were resolved long ago and have closed by themselves since.
   */
  resolvedDaysAgo?: number;
}

/** Invented citizens who lodged the demo grievances; the first one's number is given in README.md for trying tracking. */
export const demoCitizens = [
  { name: 'Ramesh Prasad', mobile: '9876543210' },
  { name: 'Sunita Devi', mobile: '9123456780' },
  { name: 'Mohd. Irfan', mobile: '8877665544' },
  { name: 'Pooja Kumari', mobile: '7004001234' },
  { name: 'Vinod Yadav', mobile: '9431012345' },
];

const G = { garbage: 0, light: 1, water: 2, drain: 3, road: 4, fogging: 5, animals: 6, toilet: 7 } as const;

export const complaints: ComplaintEntry[] = [
  { type: G.garbage, ward: 7, status: 'Open', daysAgo: 1, photos: 2, landmark: 'Behind Durga Mandir, near the hand pump', suggestion: 'Please place a dustbin at the lane corner.', info: 'Garbage has not been picked up for four days and stray dogs are spreading it on the road.' },
  { type: G.light, ward: 14, status: 'Open', daysAgo: 2, photos: 1, landmark: 'College Road, opposite Saraswati Bookstore', suggestion: 'Check the whole line, three lights are off.', info: 'The lane is completely dark after 7 PM and women returning from coaching feel unsafe.', reminders: ['Still dark tonight. Please send the electrician.'] },
  { type: G.water, ward: 9, status: 'Open', daysAgo: 2, photos: 1, landmark: 'Gali No. 3, near the Ward 9 water tank', suggestion: 'Replace the damaged joint instead of tying cloth on it.', info: 'The supply pipe is leaking at the joint and the street is waterlogged every morning.' },
  { type: G.drain, ward: 3, status: 'Open', daysAgo: 3, photos: 2, landmark: 'Fish market lane, next to the mosque', suggestion: 'Cover the drain with slabs after cleaning.', info: 'The drain is choked with plastic and dirty water is flowing into houses.', reminders: ['Water has now entered two houses. Please send the cleaning team today.'] },
  { type: G.road, ward: 12, status: 'Open', daysAgo: 4, photos: 1, landmark: 'Mahavir Chowk, in front of the State Bank ATM', suggestion: 'Fill it before the marriage season traffic.', info: 'A deep pothole in the middle of the road; two motorcyclists have fallen this week.', reminders: ['Another accident happened last night. Please fill the pothole urgently.'] },
  { type: G.fogging, ward: 21, status: 'Open', daysAgo: 5, landmark: 'Naya Tola, near the primary school', suggestion: 'Fogging in the evening when children are at home.', info: 'Many mosquitoes in the area and two children have fever. No fogging has been done this season.' },
  { type: G.animals, ward: 18, status: 'Open', daysAgo: 6, landmark: 'Main market, Jaiswal cloth store crossing', suggestion: 'Coordinate with the owners to keep the cattle in their sheds.', info: 'Stray cattle sit in the middle of the road in the evening and cause traffic jams.' },
  { type: G.toilet, ward: 1, status: 'Open', state: 'Reopened', daysAgo: 7, landmark: 'Public toilet at the bus stand', suggestion: 'Appoint a caretaker for the evening shift.', info: 'The toilet has no water and is not cleaned after noon.', reminders: ['Still not cleaned. Passengers are using the open ground.', 'Third request, please take action.'] },
  { type: G.garbage, ward: 22, status: 'Open', state: 'Reopened', daysAgo: 9, photos: 1, landmark: 'Behind the cold storage on Station Road', suggestion: 'Stop people dumping here by putting up a board.', info: 'An open dumping point has formed on the roadside and it smells badly.' },
  { type: G.light, ward: 5, status: 'Pending', daysAgo: 8, photos: 1, landmark: 'Ramnagar, near the Shiv Mandir pond', suggestion: 'Add one more light on the pond side.', info: 'Two street lights are not working since the storm last week.', reminders: ['Lights are still off. Please tell us when the electrician will come.'] },
  { type: G.road, ward: 16, status: 'Pending', daysAgo: 11, photos: 2, landmark: 'Link road from the hospital to the highway', suggestion: 'Repair with proper bitumen, not soil.', info: 'The road surface has broken in several places after the rains.', reminders: ['Only soil was put and it washed away again.'] },
  { type: G.water, ward: 11, status: 'Pending', daysAgo: 12, landmark: 'Harijan Tola, stand post no. 4', suggestion: 'Increase the supply time in the evening.', info: 'Water comes for only 20 minutes and the pressure is very low at the end of the line.' },
  { type: G.drain, ward: 19, status: 'Pending', daysAgo: 14, photos: 1, landmark: 'Dhobi Ghat road, behind the rice mill', suggestion: 'Use the super sucker machine.', info: 'The main drain is overflowing onto the road and the smell is unbearable.', reminders: ['The overflow has reached the school gate.', 'No one has come yet. Kindly treat this as urgent.'] },
  { type: G.garbage, ward: 10, status: 'Pending', daysAgo: 15, photos: 1, landmark: 'Vegetable mandi, rear gate', suggestion: 'Collect waste twice a day from the mandi.', info: 'Rotting vegetables are piled at the rear gate of the mandi.', reminders: ['Pile is getting bigger every day.'] },
  { type: G.fogging, ward: 8, status: 'Pending', daysAgo: 18, landmark: 'Ansari Mohalla, near the madrasa', suggestion: 'Spray anti-larval oil in the stagnant pond as well.', info: 'Dengue cases have been reported in the mohalla.' },
  { type: G.toilet, ward: 13, status: 'Pending', daysAgo: 20, landmark: 'Community toilet near the weekly haat', suggestion: 'Repair the broken doors and the water tank.', info: 'Doors are broken and the overhead tank is leaking.' },
  { type: G.light, ward: 24, status: 'Pending', daysAgo: 23, landmark: 'Railway over-bridge approach, east side', suggestion: 'Install a high-mast light at the turning.', info: 'The approach road is dark and there have been chain-snatching incidents.', reminders: ['Please update the status of this complaint.'] },
  { type: G.garbage, ward: 2, status: 'Resolved', resolvedDaysAgo: 2, daysAgo: 25, photos: 2, landmark: 'Gandhi Maidan, east gate', suggestion: 'Keep two dustbins at the gate.', info: 'Garbage left after the fair is lying at the gate.' },
  { type: G.road, ward: 7, status: 'Resolved', resolvedDaysAgo: 4, daysAgo: 28, photos: 1, landmark: 'Station Road, near the railway crossing', suggestion: 'Fill the pothole with hot mix.', info: 'A big pothole near the crossing fills with water every time it rains.', reminders: ['An auto-rickshaw overturned here yesterday. Please repair soon.'] },
  { type: G.light, ward: 15, status: 'Resolved', daysAgo: 30, photos: 1, landmark: 'Kali Asthan lane', suggestion: 'Please check the timer switch as well.', info: 'The street light stays off all night.' },
  { type: G.drain, ward: 6, status: 'Resolved', daysAgo: 33, photos: 1, landmark: 'Ravidas Tola, near the community hall', suggestion: 'Clean the culvert under the road too.', info: 'The drain is blocked at the culvert and water stands in the lane.' },
  { type: G.water, ward: 20, status: 'Resolved', daysAgo: 36, photos: 2, landmark: 'Kushwaha Tola main road', suggestion: 'Replace the old pipe on this stretch.', info: 'The pipeline has burst and drinking water is being wasted.' },
  { type: G.animals, ward: 4, status: 'Resolved', daysAgo: 40, landmark: 'Near the Government Girls School', suggestion: 'Remove the dogs from the school gate before school hours.', info: 'A pack of stray dogs waits at the school gate and the girls are afraid.' },
  { type: G.fogging, ward: 17, status: 'Resolved', state: 'Closed', daysAgo: 44, landmark: 'Lalita Nagar colony', suggestion: 'Repeat the fogging after a week.', info: 'Mosquito breeding in the vacant plots of the colony.' },
  { type: G.toilet, ward: 23, status: 'Resolved', state: 'Closed', rating: 4, daysAgo: 49, landmark: 'Pink toilet at the college gate', suggestion: 'Keep a female caretaker.', info: 'The women-only toilet is locked during the day.' },
  { type: G.garbage, ward: 25, status: 'Resolved', state: 'Closed', rating: 2, daysAgo: 55, photos: 1, landmark: 'Eidgah road, near the bridge', suggestion: 'Regular pickup on this road.', info: 'Waste collection vehicle does not come to this road.' },
  { type: G.road, ward: 21, status: 'Rejected', daysAgo: 27, photos: 1, landmark: 'National Highway near the petrol pump', suggestion: 'Repair the highway service lane.', info: 'The service lane of the highway is badly damaged.' },
  { type: G.water, ward: 9, status: 'Rejected', daysAgo: 34, landmark: 'Gali No. 3, near the Ward 9 water tank', suggestion: 'Same as earlier complaint.', info: 'Duplicate of a complaint already registered for the same leak.' },
  { type: G.animals, ward: 12, status: 'Rejected', daysAgo: 46, landmark: 'Private plot behind the cinema hall', suggestion: 'Council should remove the buffaloes.', info: 'Buffaloes of a dairy are kept on a private plot.' },
  { type: G.light, ward: 2, status: 'Rejected', daysAgo: 58, landmark: 'Inside Shanti Vihar private colony', suggestion: 'Install lights in the colony lanes.', info: 'Colony lanes have no street lights.' },
];
