import { useMemo, useRef, useState } from 'react';
import { App } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../platform/api';
import { useRecordScope } from './scope';
import { detailQuery, listQueryFromDetail, parseDetailPlace, parseListQuery, searchPayload, type ListFields, type ListState } from './listQuery';

const positiveInt = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/**
 * A record detail's route (/ec-data/:cid/:rid, /ws-data/:cid/:rid, /sns-data/:cid/:rid with the list's query, `num` and `total`): the
 * client is the route's for analysts and the user's company for client users; the way back is the list's own query
 * on the page of this record.
 */
export function useDetailRoute<D extends string, W extends string, F extends string, S extends string>(fields: ListFields<D, W, F, S>, listPath: string) {
  const params = useParams();
  const [query] = useSearchParams();
  const queryText = query.toString();
  const { analyst, ownClientId } = useRecordScope();
  const clientId = analyst ? positiveInt(params.cid) : ownClientId;
  const recordId = positiveInt(params.rid);
  const listState = useMemo(() => parseListQuery(new URLSearchParams(queryText), fields), [queryText, fields]);
  const place = useMemo(() => parseDetailPlace(new URLSearchParams(queryText)), [queryText]);
  const backTo = `${listPath}?${listQueryFromDetail({ ...listState, clientId: analyst ? (listState.clientId ?? clientId) : undefined }, place.num)}`;
  return { analyst, ownClientId, clientId, recordId, listState, place, backTo, noCompany: !analyst && ownClientId === undefined };
}

/**
 * The one-record pager (document 3, section 2): the list's search with limit 1 at offset num - 1, then that record's
 * detail (the record is put in the cache first, so the page shows it at once).
 */
export function useRecordPager<R, D extends string, W extends string, F extends string, S extends string>(args: {
  clientId: number;
  listState: ListState<D, W, F, S>;
  search: (input: ReturnType<typeof searchPayload<D, W, F, S>>) => Promise<{ records: R[]; total: number }>;
  /** Puts the record in its detail's cache. */
  seed: (record: R) => void;
  detailPath: (record: R) => string;
}) {
  const { t } = useTranslation('records');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const go = async (num: number) => {
    setMoving(true);
    try {
      const answer = await args.search(searchPayload(args.listState, args.clientId, { limit: 1, offset: num - 1 }));
      const next = answer.records[0];
      if (!next) {
        void message.warning(t('pager.gone'));
        return;
      }
      args.seed(next);
      await navigate(`${args.detailPath(next)}?${detailQuery(args.listState, num, answer.total)}`);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setMoving(false);
    }
  };
  return { moving, go };
}

/**
 * A detail's save: one at a time (a ref as well as the state: a second activation in the same moment must already
 * see the first), a success toast, or the failure's message.
 */
export function useRecordSave() {
  const { t } = useTranslation('records');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const run = async (call: () => Promise<void>) => {
    if (saving.current) return;
    saving.current = true;
    setBusy(true);
    try {
      await call();
      void message.success(t('detail.saved'));
    } catch (error) {
      void message.error(t('detail.saveFailed', { message: errorMessage(error) }));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };
  return { busy, saving, run };
}
