/**
 * The currency tables the price reader matches against (issue 29): data only, so that a new symbol is one line
 * here and not a rule in the reader. Each ISO 4217 code lists the ways pages write it; a symbol that several
 * currencies share ("$", "¥", "R") is listed under its most common reading ("kr" under UNKNOWN) and resolved by the page's host
 * (HOST_COUNTRY) or a code in the hints.
 */

/**
 * The key of writings that name no one currency by themselves ("kr" is Swedish, Norwegian, Danish or Icelandic;
 * "دينار" any dinar): the currency as written is kept, its ISO code comes from the host or the hints.
 */
export const UNKNOWN = 'XXX';

/** ISO code → the ways pages write it, separated by spaces. Codes themselves always match (any case). */
export const CURRENCY_WRITINGS: Record<string, string> = {
  USD: '$ US$ USD$ U$S U$ dollar dollars',
  EUR: '€ euro euros eur',
  GBP: '£ ₤ ￡ stg pound pounds',
  JPY: '¥ ￥ 円 yen',
  CNY: '元 圆 圓 人民币 yuan',
  KRW: '₩ 원',
  RUB: '₽ руб. руб р. Р Rbl',
  INR: '₹ Rs. Rs Re र ரூ',
  PKR: '₨',
  BRL: 'R$',
  CAD: 'C$ CA$ CAN$ CAD$',
  AUD: 'A$ AU$ AUD$',
  NZD: 'NZ$',
  TWD: 'NT$ NT',
  HKD: 'HK$',
  MXN: 'MX$',
  SGD: 'S$',
  CHF: 'Fr. SFr. SFr GFr CHf',
  PLN: 'zł Zł zl',
  CZK: 'Kč',
  HUF: 'Ft',
  UAH: '₴ грн. грн hrn',
  TRY: '₺ TL',
  ILS: '₪ nis ש"ח ש״ח ש\'ח',
  THB: '฿ บาท',
  VND: '₫ đ VNĐ',
  SAR: 'ر.س ريال',
  AED: 'د.إ درهم Dhs Dh',
  EGP: 'E£ ج.م جنيه',
  IRR: '﷼ ریال تومان',
  KWD: 'KD د.ك',
  BHD: 'BD .د.ب',
  IQD: 'ع.د د.ع ID',
  LYD: 'ل.د د.ل LD',
  TND: 'د.ت DT',
  DZD: 'دج د.ج',
  SDG: 'ج.س. ج.س',
  RON: 'lei Lei LEI',
  BGN: 'лв. лв',
  BYN: 'Br',
  IDR: 'Rp',
  MYR: 'RM',
  PHP: '₱',
  ZAR: 'R',
  NGN: '₦',
  GHS: 'GH₵ ₵',
  KES: 'KSh KShs',
  UGX: 'USh',
  TZS: 'TSh',
  MKD: 'ден ДЕН',
  RSD: 'Дин дин din Dinara',
  HRK: 'kn',
  BAM: 'KM КМ км',
  ALL: 'Lek',
  AMD: '֏',
  AZN: '₼',
  GEL: 'ლ ლარი lari ₾',
  BDT: '৳',
  KHR: '៛',
  LAK: '₭',
  MNT: '₮',
  CRC: '₡',
  PEN: 'S/. S/',
  PAB: 'B/.',
  UZS: "so'm soʻm сўм Sʻ S'",
  KGS: 'с сом som',
  XOF: 'CFA FCFA',
  KMF: 'KMF',
  BIF: 'FBu Fbu',
  RWF: 'FRw RF R₣',
  DJF: 'Fdj',
  GNF: 'FG',
  ERN: 'Nfk ናቕፋ نافكا',
  ETB: 'ብር',
  BTN: 'Nu. Nu',
  MOP: 'MOP$',
  JMD: 'J$',
  TTD: 'TT$',
  DOP: 'RD$',
  BZD: 'BZ$',
  GYD: 'G$ GY$',
  CUC: 'CUC$',
  UYU: '$U',
  BOB: '$b Bs',
  TOP: 'T$',
  ZWL: 'Z$',
  VUV: 'VT Vt',
  ZMW: 'ZK',
  MWK: 'MK',
  MVR: 'Rf',
  MRU: 'UM',
  STN: 'Db',
  MZN: 'MT',
  MGA: 'Ar',
  AOA: 'Kz kwz',
  LRD: 'L$',
  AFN: '؋',
  AWG: 'ƒ',
  GTQ: 'Q q',
  BWP: 'P',
  SZL: 'E',
  GMD: 'D',
  PGK: 'K',
  MMK: 'Ks',
  SLL: 'Le Sl',
  PTE: 'Esc',
  HNL: 'L',
  BTC: '₿ Ƀ',
  KZT: '₸ тг',
  JOD: 'د.أ د.ا',
  OMR: 'ر.ع',
  QAR: 'ر.ق',
  SYP: 'ل.س',
  LBP: 'ل.ل',
  MAD: 'د.م',
  YER: 'ر.ي',
  LKR: 'රු',
  HTG: 'G',
  SOS: 'ش.ص',
  XAF: '₣ franc francs',
  [UNKNOWN]: 'kr Kr kr. دينار د. ش.ج ¢ ₶ SPL',
};

/**
 * Writings that are also ordinary letters or words ("R", "L", "din"): taken only when the text holds no other
 * currency, and never from inside a longer word.
 */
export const WEAK_WRITINGS = new Set(['R', 'L', 'P', 'E', 'D', 'G', 'د.', 'K', 'Q', 'q', 'с', 'Re', 'ID', 'Sl', 'Le', 'din', 'NT', 'Nu', 'Br', 'Bs', 'MT', 'UM', 'Db', 'Ar', 'DT', 'LD', 'BD', 'MK', 'Rf', 'FG', 'KM', 'Ks', 'franc', 'francs', 'pound', 'pounds', 'dollar', 'dollars', 'yen', 'Esc', 'Kz', 'Lek', 'kn', 'Vt', 'VT']);

/**
 * Every ISO 4217 code in use, and the withdrawn ones old pages still show (DEM, FRF, PTE…): a page writing a code
 * means that currency even when no symbol of it is listed above.
 */
export const ISO_CODES = `AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF
CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF
IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT
MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR
SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV
WST XAF XCD XOF XPF YER ZAR ZMW ZWL ATS BEF DEM ESP FIM FRF GRD IEP ITL LUF NLG PTE HRK LTL LVL EEK SIT SKK CYP MTL`.split(/\s+/);

/** Symbols several currencies write alike: what each means on a site of the given country (ISO 3166 code). */
export const SHARED_SYMBOLS: Record<string, Record<string, string>> = {
  $: { CA: 'CAD', AU: 'AUD', NZ: 'NZD', TW: 'TWD', HK: 'HKD', MX: 'MXN', SG: 'SGD', AR: 'ARS', CL: 'CLP', CO: 'COP', UY: 'UYU', BR: 'BRL', FJ: 'FJD', JM: 'JMD', LR: 'LRD', NA: 'NAD', BS: 'BSD', BB: 'BBD', TT: 'TTD', BZ: 'BZD', GY: 'GYD', CU: 'CUP', DO: 'DOP', US: 'USD' },
  kr: { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK', FO: 'DKK', GL: 'DKK' },
  '¥': { CN: 'CNY', JP: 'JPY' },
  '£': { EG: 'EGP', LB: 'LBP', SY: 'SYP', SD: 'SDG', GI: 'GIP', FK: 'FKP' },
  R: { ZA: 'ZAR' },
};

/** Obsolete or unofficial codes that pages and feeds still carry, with the ISO 4217 code that replaced them. */
export const OBSOLETE_CODES: Record<string, string> = {
  RUR: 'RUB', BYR: 'BYN', BYB: 'BYN', TRL: 'TRY', ROL: 'RON', VEB: 'VES', VEF: 'VES', MRO: 'MRU', STD: 'STN',
  GHC: 'GHS', ZMK: 'ZMW', MZM: 'MZN', AZM: 'AZN', TMM: 'TMT', SDD: 'SDG', CSD: 'RSD', RMB: 'CNY', NIS: 'ILS',
  UKL: 'GBP', SFR: 'CHF', NTD: 'TWD', CNH: 'CNY', EURO: 'EUR',
};

/** Top-level domains that are a country's but not its ISO 3166 code. */
export const TLD_COUNTRY: Record<string, string> = { uk: 'GB', com: 'US', us: 'US' };
