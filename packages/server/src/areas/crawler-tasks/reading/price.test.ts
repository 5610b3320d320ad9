import { describe, expect, it } from 'vitest';
import { decode } from './amount.js';
import { hostCountry, readPrice } from './price.js';

/** [text, hints, amount, ISO currency, currency as written]: every form the reader is meant to know. */
const CASES: [string | null, { currencyHint?: string; pageUrl?: string; decimalSeparator?: string }, string | null, string | null, string | null][] = [
  // Decimal points and commas, grouping by commas, dots, spaces, apostrophes, thin and no-break spaces.
  ['US$1,299.00', {}, '1299.00', 'USD', 'US$'],
  ['$ 49.95', {}, '49.95', 'USD', '$'],
  ['1.234,56 €', {}, '1234.56', 'EUR', '€'],
  ['€ 7,5', {}, '7.5', 'EUR', '€'],
  ['1 234,56 ₽', {}, '1234.56', 'RUB', '₽'],
  ['1\u00a0999,00 zł', {}, '1999.00', 'PLN', 'zł'],
  ['12\u202f345 Kč', {}, '12345', 'CZK', 'Kč'],
  ['3\u2009200,50 руб.', {}, '3200.50', 'RUB', 'руб.'],
  ["CHF 1'234.50", {}, '1234.50', 'CHF', 'CHF'],
  ['Fr. 2’450.–', {}, '2450', 'CHF', 'Fr.'],
  ['1,23,456.00 ₹', {}, '123456.00', 'INR', '₹'],
  ['Rs. 12,34,567', {}, '1234567', 'INR', 'Rs.'],
  ['£0.99', {}, '0.99', 'GBP', '£'],
  ['8.499.000 ₫', {}, '8499000', 'VND', '₫'],
  ['75,- Kč', {}, '75', 'CZK', 'Kč'],
  ['$ 12. 99', {}, '12.99', 'USD', '$'],
  ['0.750 KD', {}, '0.750', 'KWD', 'KD'],
  ['12€90', {}, '12.90', 'EUR', '€'],
  ['45,000.5', {}, '45000.5', null, null],
  ['$.50', {}, '0.50', 'USD', '$'],
  // Japanese and Chinese shops.
  ['1,980円（税込）', {}, '1980', 'JPY', '円'],
  ['¥12,800', {}, '12800', 'JPY', '¥'],
  ['￥3,300 税込', { pageUrl: 'https://shop.example.co.jp/item' }, '3300', 'JPY', '￥'],
  ['¥ 268.00', { pageUrl: 'https://item.example.cn/p/1' }, '268.00', 'CNY', '¥'],
  ['199元', {}, '199', 'CNY', '元'],
  ['₩ 35,000', {}, '35000', 'KRW', '₩'],
  ['59,000원', {}, '59000', 'KRW', '원'],
  // Symbols and codes of many scripts, before or after the amount.
  ['R$ 1.299,90', {}, '1299.90', 'BRL', 'R$'],
  ['C$24.99', {}, '24.99', 'CAD', 'C$'],
  ['A$ 89', {}, '89', 'AUD', 'A$'],
  ['NT$1,590', {}, '1590', 'TWD', 'NT$'],
  ['HK$ 388', {}, '388', 'HKD', 'HK$'],
  ['MX$ 2,150.00', {}, '2150.00', 'MXN', 'MX$'],
  ['249 р.', {}, '249', 'RUB', 'р.'],
  ['1 250 руб', {}, '1250', 'RUB', 'руб'],
  ['349,00 грн', {}, '349.00', 'UAH', 'грн'],
  ['₴ 1 299', {}, '1299', 'UAH', '₴'],
  ['1.499,99 TL', {}, '1499.99', 'TRY', 'TL'],
  ['₺749,90', {}, '749.90', 'TRY', '₺'],
  ['₪ 129.90', {}, '129.90', 'ILS', '₪'],
  ['฿1,290', {}, '1290', 'THB', '฿'],
  ['149 ر.س', {}, '149', 'SAR', 'ر.س'],
  ['د.إ 2,399', {}, '2399', 'AED', 'د.إ'],
  ['2 590 Ft', {}, '2590', 'HUF', 'Ft'],
  ['129,99 lei', {}, '129.99', 'RON', 'lei'],
  ['Rp 150.000', {}, '150000', 'IDR', 'Rp'],
  ['RM 59.90', {}, '59.90', 'MYR', 'RM'],
  ['299 SEK', {}, '299', 'SEK', 'SEK'],
  ['EUR 15,00', {}, '15.00', 'EUR', 'EUR'],
  ['15.00 eur', {}, '15.00', 'EUR', 'eur'],
  // A shared symbol read by the page's country, a code in the hints, obsolete codes.
  ['$45.00', { pageUrl: 'https://www.shop.example.ca/p' }, '45.00', 'CAD', '$'],
  ['$45.00', { pageUrl: 'https://www.shop.example.com.au/p' }, '45.00', 'AUD', '$'],
  ['$1,200', { pageUrl: 'https://shop.example.com.tw/p' }, '1200', 'TWD', '$'],
  ['$899.00', { pageUrl: 'https://tienda.example.com.mx/p' }, '899.00', 'MXN', '$'],
  ['$45.00', { pageUrl: 'https://shop.example.com/p' }, '45.00', 'USD', '$'],
  ['$45.00', { currencyHint: 'CAD' }, '45.00', 'CAD', '$'],
  ['499 kr', { pageUrl: 'https://butik.example.se/p' }, '499', 'SEK', 'kr'],
  ['499 kr', { pageUrl: 'https://butikk.example.no/p' }, '499', 'NOK', 'kr'],
  ['499,95 kr.', { pageUrl: 'https://butik.example.dk/p' }, '499.95', 'DKK', 'kr.'],
  ['1 990', { currencyHint: 'RUR' }, '1990', 'RUB', 'RUR'],
  ['4 500 RUR', {}, '4500', 'RUB', 'RUR'],
  ['12,50', { currencyHint: '€' }, '12.50', 'EUR', '€'],
  // Prices beside other numbers: counts, percentages, old prices, ranges, instalments.
  ['3 for $10', {}, '10', 'USD', '$'],
  ['Was $20 Now $15', {}, '15', 'USD', '$'],
  ['Statt 49,99 € nur 39,99 €', {}, '39.99', 'EUR', '€'],
  ['-25% 74,90 €', {}, '74.90', 'EUR', '€'],
  ['10 x R$ 19,90 sem juros', {}, '19.90', 'BRL', 'R$'],
  ['From 12 to 30 €', {}, '12', 'EUR', '€'],
  ['Pack of 6 - £12.00', {}, '12.00', 'GBP', '£'],
  ['$19.99/month', {}, '19.99', 'USD', '$'],
  // Free, and texts that hold no price.
  ['Free', {}, '0', null, null],
  ['Gratis', {}, '0', null, null],
  ['Free shipping over $50+', {}, null, 'USD', '$'],
  ['Out of stock', {}, null, null, null],
  ['Call for price', {}, null, null, null],
  ['12.05.2024', {}, null, null, null],
  ['Size 10 cm', {}, null, null, null],
  ['', {}, null, null, null],
  [null, { currencyHint: 'EUR' }, null, 'EUR', 'EUR'],
];

describe('readPrice', () => {
  it.each(CASES)('reads %j', (text, hints, amount, currency, currencyText) => {
    expect(readPrice(text, hints)).toEqual({ amount, currency, currencyText });
  });

  it('takes a known decimal separator from the hints over the default reading', () => {
    expect(readPrice('140.000', {}).amount).toBe('140000');
    expect(readPrice('140.000', { decimalSeparator: '.' }).amount).toBe('140.000');
    expect(readPrice('1.500,5', { decimalSeparator: ',' }).amount).toBe('1500.5');
  });
});

describe('decode and hostCountry', () => {
  it('reads marks the way the reader does', () => {
    expect([decode('1,299'), decode('0,750'), decode('1.234.567'), decode('12,5'), decode('1,23,456.78'), decode("1'000'000")]).toEqual(['1299', '0.750', '1234567', '12.5', '123456.78', '1000000']);
  });

  it('tells the country of a host', () => {
    expect([hostCountry('https://a.example.co.uk/'), hostCountry('https://a.example.com.au'), hostCountry('https://a.example.com'), hostCountry('nonsense')]).toEqual(['GB', 'AU', 'US', null]);
  });
});
