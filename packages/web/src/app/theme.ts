import type { ThemeConfig } from 'antd';

/**
 * The portal's colours, in one place (issue 35: WCAG 2.2 AA, 4.5:1 for text, checked by e2e/a11y-walk.e2e.ts).
 * antd's defaults miss it: white on its blue #1677ff is 4.1:1; its description grey (45 % black: breadcrumbs,
 * secondary texts, placeholders) 3.4:1 on white; its red, green and gold as text 2-4:1; the tags' texts (shade 7 of
 * a colour on its shade 1) 2.9-3.5:1 for green, gold, orange, volcano, cyan, lime and yellow. Here: antd's own
 * darker shades. The blue is blue-7 (white on it 6.2:1, on the pale blue of a selected row 5.5:1), the greys 60 %
 * black (5.7:1 on white, 5.5:1 on the grey layout background), red-7, green-8 and orange-8 for the statuses, and
 * one shade darker for the tags that need it. Disabled texts keep antd's paler grey: WCAG exempts them.
 */
const BLUE = '#0958d9';
const GREY_TEXT = 'rgba(0, 0, 0, 0.6)';

export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: BLUE,
    colorInfo: BLUE,
    colorLink: BLUE,
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // antd would derive the pale backgrounds and borders from these darker seeds as greyish mid-tones (green text on
    // #adb8a5: 2.7:1); they stay antd's usual pale ones.
    colorErrorBg: '#fff2f0',
    colorErrorBgHover: '#fff1f0',
    colorErrorBorder: '#ffccc7',
    colorErrorBorderHover: '#ffa39e',
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorWarningBg: '#fffbe6',
    colorWarningBgHover: '#fff1b8',
    colorWarningBorder: '#ffe58f',
    colorWarningBorderHover: '#ffd666',
    colorTextTertiary: GREY_TEXT,
    colorTextDescription: GREY_TEXT,
    colorTextPlaceholder: GREY_TEXT,
    // Tag texts (`<Tag color="green">`): shade 7 on shade 1; these shades are 8 (9 for gold and lime) of antd's palette.
    green7: '#237804',
    gold7: '#874d00',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    cyan7: '#006d75',
    lime7: '#3f6600',
    yellow7: '#876800',
  },
  components: {
    // A table's "no data" text is information, not a disabled control (antd draws it in the disabled grey).
    Table: { colorTextDisabled: GREY_TEXT },
    // The words inside an unchecked switch are white on this grey (antd's 25 % black: 1.8:1; 55 % black: 4.7:1).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  },
};
