import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Site } from '@portal/contract';

/** The site's saved crawl recipe: one row per selector (result link, next page, each field). */
export function SavedRecipe({ site }: { site: Site }) {
  const { t } = useTranslation('sites');
  const recipe = site.crawlRecipe;
  const rows = [
    ...(recipe?.resultLink ? [['resultLink', recipe.resultLink] as const] : []),
    ...(recipe?.nextPage ? [['nextPage', recipe.nextPage] as const] : []),
    ...Object.entries(recipe?.fields ?? {}),
  ];
  if (rows.length === 0) return <Typography.Text type="secondary" data-testid="site-recipe">{t('detail.noRecipe')}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={t('detail.recipe')}
      data-testid="site-recipe"
      items={rows.map(([key, selector]) => ({
        key,
        label: t(`recipe.field.${key}` as 'recipe.field.title', { defaultValue: key }),
        children: <Typography.Text code>{selector}</Typography.Text>,
      }))}
    />
  );
}
