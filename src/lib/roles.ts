/**
 * The back office's roles, once: each role's name in the sidebar's frame, its name and duties in both
 * languages (the help page and the staff accounts screen), and the groups it belongs to, by which routes and
 * services say who may act. The `Role` type, the list of roles, the words and the groups are all read from
 * this table, so a role named anywhere else that is not here fails the typecheck. Browser-safe.
 */

/** The groups of staff that routes and services name, instead of listing roles one by one. */
export const ROLE_GROUPS = ['desk', 'grievance', 'content', 'licence', 'cases', 'counter'] as const;
export type RoleGroup = (typeof ROLE_GROUPS)[number];

interface RoleDeclaration {
  /** How the back office frame names it (its title and the badge by the user's name). */
  frame: string;
  name: { en: string; hi: string };
  duties: { en: string; hi: string };
  /** The groups the role works in; an admin is in every group. */
  groups: readonly RoleGroup[];
}

export const ROLE_TABLE = {
  admin: {
    frame: 'Admin',
    name: { en: 'Admin', hi: 'एडमिन' },
    duties: {
      en: 'publishes content, keeps staff accounts and the settings, reads the audit log, and may do the work of every other role.',
      hi: 'सामग्री प्रकाशित करना, कर्मचारियों के खाते और सेटिंग्स सँभालना, ऑडिट लॉग पढ़ना; वे हर दूसरी भूमिका का काम भी कर सकते हैं।',
    },
    groups: ROLE_GROUPS,
  },
  user: {
    frame: 'User',
    name: { en: 'Complaint desk', hi: 'शिकायत डेस्क' },
    duties: {
      en: 'lodges grievances for people who call or visit, assigns them to officers and follows them until they are resolved.',
      hi: 'फ़ोन करने या कार्यालय आने वालों की शिकायतें दर्ज करना, उन्हें अधिकारियों को सौंपना और निपटारे तक उन पर नज़र रखना।',
    },
    groups: ['desk', 'grievance', 'cases'],
  },
  officer: {
    frame: 'Officer',
    name: { en: 'Officer', hi: 'अधिकारी' },
    duties: {
      en: 'resolves the grievances assigned to them, from the case inbox.',
      hi: 'केस इनबॉक्स से अपने को सौंपी गई शिकायतों का निपटारा करना।',
    },
    groups: ['grievance', 'cases'],
  },
  editor: {
    frame: 'Editor',
    name: { en: 'Editor', hi: 'संपादक' },
    duties: {
      en: 'writes notices, news and the other content as drafts and sends them for review; an admin publishes them or sends them back with a comment.',
      hi: 'सूचनाएँ, समाचार और अन्य सामग्री मसौदे के रूप में लिखना और समीक्षा के लिए भेजना; एडमिन उन्हें प्रकाशित करते हैं या टिप्पणी के साथ लौटा देते हैं।',
    },
    groups: ['content'],
  },
  cashier: {
    frame: 'Cashier',
    name: { en: 'Cashier', hi: 'कैशियर' },
    duties: {
      en: 'takes property tax and trade licence fees at the counter, prints receipts, and reads the collection register and the tax reports.',
      hi: 'काउंटर पर संपत्ति कर और व्यापार लाइसेंस शुल्क लेना, रसीदें छापना, और संग्रह रजिस्टर व कर रिपोर्टें पढ़ना।',
    },
    groups: ['counter'],
  },
  verifier: {
    frame: 'Verifier',
    name: { en: 'Document verifier', hi: 'दस्तावेज़ सत्यापनकर्ता' },
    duties: {
      en: 'checks the documents of each trade licence application, accepting or refusing each one.',
      hi: 'हर व्यापार लाइसेंस आवेदन के दस्तावेज़ जाँचना और हर एक को स्वीकार या अस्वीकार करना।',
    },
    groups: ['licence', 'cases'],
  },
  inspector: {
    frame: 'Inspector',
    name: { en: 'Field inspector', hi: 'क्षेत्र निरीक्षक' },
    duties: {
      en: 'inspects the premises of a trade licence application and files the inspection report.',
      hi: 'व्यापार लाइसेंस आवेदन के परिसर का निरीक्षण करना और निरीक्षण रिपोर्ट दर्ज करना।',
    },
    groups: ['licence', 'cases'],
  },
  approver: {
    frame: 'Approver',
    name: { en: 'Licence approver', hi: 'लाइसेंस अनुमोदक' },
    duties: {
      en: 'grants or refuses a trade licence once its documents are verified and its premises inspected.',
      hi: 'दस्तावेज़ों के सत्यापन और परिसर के निरीक्षण के बाद व्यापार लाइसेंस देना या अस्वीकार करना।',
    },
    groups: ['licence', 'cases'],
  },
} as const satisfies Record<string, RoleDeclaration>;

export type Role = keyof typeof ROLE_TABLE;

/** Every role, in the table's order (the staff screen's choices, the help page's list). */
export const ROLES = Object.keys(ROLE_TABLE) as Role[];

/** Who acts on a case: a member of staff by role, the citizen it is about, or the server's own clock. */
export type Party = Role | 'citizen' | 'system';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(ROLE_TABLE, value);
}

/** The roles of a group, in the table's order. */
export function rolesIn(group: RoleGroup): readonly Role[] {
  return ROLES.filter((role) => (ROLE_TABLE[role].groups as readonly RoleGroup[]).includes(group));
}

/** Each role's frame name (English: the back office frame is in English). */
export const ROLE_LABELS = Object.fromEntries(ROLES.map((role) => [role, ROLE_TABLE[role].frame])) as Record<Role, string>;

/** Each role's name, or duties, in one language: the help page's and the staff screen's words. */
export function roleWords(lang: 'en' | 'hi', what: 'name' | 'duties'): Record<Role, string> {
  return Object.fromEntries(ROLES.map((role) => [role, ROLE_TABLE[role][what][lang]])) as Record<Role, string>;
}
