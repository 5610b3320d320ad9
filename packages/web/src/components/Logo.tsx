import { useTranslation } from 'react-i18next';

function Shield({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <path d="M16 2 4 6.5v8.8c0 7.4 5.1 13.4 12 14.7 6.9-1.3 12-7.3 12-14.7V6.5Z" fill="#1677ff" />
      <path
        d="m10.5 16 4 4 7-8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The large logo (mark and name) for an open menu and the login pages; the mark alone when the menu is collapsed.
 * Plain elements (app/plain.css): the sign-in pages show it without antd.
 */
export function Logo({ collapsed = false, size = 32 }: { collapsed?: boolean; size?: number }) {
  const { t } = useTranslation();
  if (collapsed) return <Shield size={size} />;
  return (
    <span className="pl-logo">
      <Shield size={size} />
      <span className="pl-logo-name" style={{ fontSize: size >= 40 ? 22 : 16, color: 'rgba(0, 0, 0, 0.88)' }}>
        {t('appName')}
      </span>
    </span>
  );
}
