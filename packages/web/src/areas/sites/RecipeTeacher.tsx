import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Flex, Input, Radio, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallOutput, Site } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { invalidateCalls, setCallData } from '../../platform/calls';
import { NODE_ATTR, TEACH_FIELDS, marksToSend, mergeRecipe, nodeOf, preview, shownText, type Clicked, type LearntFields, type TeachField } from './recipeModel';

type Learnt = CallOutput<'/api/analyst/ec-site/get-learnt-recipe'>;
type Tried = CallOutput<'/api/analyst/ec-site/get-recipe-reading'>;
const MARK_OUTLINE = '3px solid #fa541c';

/**
 * "Teach the crawler by example" (issue 29 point 4): open a page of the site, mark a field's element by clicking
 * it in the page (or type the text it shows), have the server propose selectors, try them on another page of
 * the site, and save them into the site's recipe. The page is shown as the server's inert copy in a frame without
 * scripts; `allow-same-origin` only lets this screen listen to clicks in it and outline the marked elements.
 */
export function RecipeTeacher({ site }: { site: Site }) {
  const { t } = useTranslation(['sites', 'contract']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [page, setPage] = useState<{ url: string; html: string }>();
  const [field, setField] = useState<TeachField>('title');
  const [clicked, setClicked] = useState<Partial<Record<TeachField, Clicked>>>({});
  const [typed, setTyped] = useState<Partial<Record<TeachField, string>>>({});
  const [learnt, setLearnt] = useState<Learnt>();
  const [tryUrl, setTryUrl] = useState('');
  const [tried, setTried] = useState<Tried>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const frame = useRef<HTMLIFrameElement>(null);
  const fieldRef = useRef(field);
  fieldRef.current = field;

  const run = async (what: string, work: () => Promise<void>) => {
    setBusy(what);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(undefined);
    }
  };

  const open = () =>
    run('open', async () => {
      const answer = await api('/api/analyst/ec-site/fetch-page', { siteId: site.id, url: url.trim() });
      setPage(answer.page);
      setClicked({});
      setLearnt(undefined);
      setTried(undefined);
    });

  // A click in the page marks the element for the chosen field; links and buttons in it do nothing.
  const onFrameLoad = () => {
    const doc = frame.current?.contentDocument;
    doc?.addEventListener('click', (event) => {
      event.preventDefault();
      const target = event.target as Element | null;
      const node = nodeOf(target);
      if (node === undefined) return;
      const f = fieldRef.current;
      setClicked((c) => ({ ...c, [f]: { node, shows: shownText(doc.querySelector(`[${NODE_ATTR}="${node}"]`)?.textContent) } }));
    });
  };

  // The marked elements outlined in the page, redrawn as marks change.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.querySelectorAll<HTMLElement>('[data-bpp-marked]').forEach((e) => {
      e.style.outline = '';
      e.removeAttribute('data-bpp-marked');
    });
    for (const { node } of Object.values(clicked)) {
      const e = doc.querySelector<HTMLElement>(`[${NODE_ATTR}="${node}"]`);
      if (e) {
        e.style.outline = MARK_OUTLINE;
        e.setAttribute('data-bpp-marked', '');
      }
    }
  }, [clicked, page]);

  const marks = marksToSend(clicked, typed);
  const propose = () =>
    run('learn', async () => {
      setLearnt(await api('/api/analyst/ec-site/get-learnt-recipe', { siteId: site.id, url: page!.url, marks }));
      setTried(undefined);
    });
  const learntFields: LearntFields = learnt?.recipe.fields ?? {};
  const tryOn = () => run('try', async () => setTried(await api('/api/analyst/ec-site/get-recipe-reading', { siteId: site.id, url: tryUrl.trim(), recipe: { fields: learntFields } })));
  const save = () =>
    run('save', async () => {
      const answer = await api('/api/analyst/update-ec-site', { siteId: site.id, crawlRecipe: mergeRecipe(site.crawlRecipe, learntFields) });
      setCallData(queryClient, '/api/analyst/get-ec-site', { siteId: site.id }, (old) => ({ site: { ...answer.site, accounts: old?.site.accounts ?? answer.site.accounts } }));
      await invalidateCalls(queryClient, ['/api/analyst/fetch-ec-sites']);
      void message.success(t('recipe.saved'));
    });

  const label = (f: string) => t(`recipe.field.${f as TeachField}`);
  const problem = (key: string | undefined) => (key ? t(key as 'recipe.noImage', { ns: 'contract' }) : undefined);

  return (
    <Flex vertical gap={12} data-testid="recipe-teacher">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('recipe.hint')}
      </Typography.Paragraph>
      <Flex gap={8}>
        <Input aria-label={t('recipe.url')} placeholder={t('recipe.urlPlaceholder')} value={url} onChange={(e) => setUrl(e.target.value)} onPressEnter={() => void open()} data-testid="recipe-url" />
        <Button onClick={() => void open()} loading={busy === 'open'} disabled={!url.trim()} data-testid="recipe-open">
          {t('recipe.open')}
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon message={error} data-testid="recipe-error" />}
      {page && (
        <>
          <Radio.Group value={field} onChange={(e) => setField(e.target.value as TeachField)} optionType="button" aria-label={t('recipe.fieldPicker')} data-testid="recipe-field">
            {TEACH_FIELDS.map((f) => (
              <Radio.Button key={f} value={f} data-testid={`recipe-field-${f}`}>
                {label(f)}
              </Radio.Button>
            ))}
          </Radio.Group>
          <Typography.Text type="secondary">{t('recipe.clickHint', { field: label(field) })}</Typography.Text>
          <iframe
            ref={frame}
            title={t('recipe.frameTitle')}
            srcDoc={page.html}
            sandbox="allow-same-origin"
            referrerPolicy="no-referrer"
            onLoad={onFrameLoad}
            style={{ width: '100%', height: 'min(560px, 60vh)', border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
            data-testid="recipe-frame"
          />
          <Flex vertical gap={6}>
            {TEACH_FIELDS.map((f) => (
              <Flex key={f} gap={8} align="center" wrap>
                <Typography.Text strong style={{ width: 130 }}>
                  {label(f)}
                </Typography.Text>
                <Typography.Text style={{ width: 260 }} ellipsis data-testid={`recipe-mark-${f}`}>
                  {clicked[f] ? preview(clicked[f].shows) || t('recipe.marked') : t('recipe.notMarked')}
                </Typography.Text>
                <Input style={{ maxWidth: 320 }} aria-label={t('recipe.typeText', { field: label(f) })} placeholder={t('recipe.typePlaceholder')} value={typed[f] ?? ''} onChange={(e) => setTyped((c) => ({ ...c, [f]: e.target.value }))} data-testid={`recipe-text-${f}`} />
              </Flex>
            ))}
          </Flex>
          <Button type="primary" onClick={() => void propose()} loading={busy === 'learn'} disabled={Object.keys(marks).length === 0} style={{ alignSelf: 'flex-start' }} data-testid="recipe-propose">
            {t('recipe.propose')}
          </Button>
        </>
      )}
      {learnt && (
        <RecipeResults
          rows={Object.keys(marksOrLearnt(learnt)).map((f) => ({ field: f, label: label(f), selector: learntFields[f as TeachField], reads: learnt.extracted[f as TeachField], problem: problem(learnt.problems[f as TeachField]) }))}
          testId="recipe-result"
          caption={t('recipe.proposed')}
        />
      )}
      {learnt && Object.keys(learntFields).length > 0 && (
        <>
          <Flex gap={8}>
            <Input aria-label={t('recipe.tryUrl')} placeholder={t('recipe.urlPlaceholder')} value={tryUrl} onChange={(e) => setTryUrl(e.target.value)} data-testid="recipe-try-url" />
            <Button onClick={() => void tryOn()} loading={busy === 'try'} disabled={!tryUrl.trim()} data-testid="recipe-try">
              {t('recipe.try')}
            </Button>
          </Flex>
          {tried && (
            <RecipeResults rows={Object.keys(learntFields).map((f) => ({ field: f, label: label(f), selector: learntFields[f as TeachField], reads: tried.extracted[f as TeachField], problem: tried.empty.includes(f as TeachField) ? t('recipe.empty') : undefined }))} testId="recipe-tried" caption={t('recipe.triedOn', { url: tried.url })} />
          )}
          <Button type="primary" onClick={() => void save()} loading={busy === 'save'} style={{ alignSelf: 'flex-start' }} data-testid="recipe-save">
            {t('recipe.save')}
          </Button>
        </>
      )}
    </Flex>
  );
}

/** Every field asked about: those learnt and those that came back with a problem. */
const marksOrLearnt = (l: Learnt) => ({ ...l.recipe.fields, ...l.problems });

type Row = { field: string; label: string; selector: string | undefined; reads: string | undefined; problem: string | undefined };
function RecipeResults({ rows, testId, caption }: { rows: Row[]; testId: string; caption: string }) {
  const { t } = useTranslation('sites');
  return (
    <Table<Row>
      title={() => <Typography.Text strong>{caption}</Typography.Text>}
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={rows}
      data-testid={testId}
      onRow={(r) => ({ 'data-testid': `${testId}-${r.field}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('recipe.col.field'), dataIndex: 'label', width: 140 },
        { title: t('recipe.col.selector'), dataIndex: 'selector', render: (s: string | undefined) => (s ? <Typography.Text code>{s}</Typography.Text> : null) },
        { title: t('recipe.col.reads'), key: 'reads', render: (_, r) => (r.problem ? <Tag color="warning">{r.problem}</Tag> : r.reads) },
      ]}
    />
  );
}
