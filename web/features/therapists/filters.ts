// The directory's filters live in the URL, so a search can be shared and survives a reload.
import {
  ACCEPTING_STATUSES, AGE_GROUPS, FEE_MODELS, LANGUAGES, MODALITIES, SESSION_FORMATS, SPECIALTIES,
} from '../../../common/options.ts';
import { REGION_CODES } from '../../../common/regions.ts';

export type DirectoryFilters = {
  q: string;
  location: string;
  specialties: string[];
  modalities: string[];
  demographics: string[];
  sessionFormat: string[];
  /** Any of these statuses: [] for anyone, ['accepting'], or ['accepting', 'waitlist']. */
  accepting: string[];
  languages: string[];
  feeModels: string[];
  /** A province or state code, or '' for anywhere. */
  region: string;
  page: number;
};

const LISTS = {
  specialties: SPECIALTIES, modalities: MODALITIES, demographics: AGE_GROUPS, sessionFormat: SESSION_FORMATS,
  accepting: ACCEPTING_STATUSES, languages: LANGUAGES, feeModels: FEE_MODELS,
} as const;
type ListKey = keyof typeof LISTS;
const LIST_KEYS = Object.keys(LISTS) as ListKey[];
const TEXT_MAX = 100;
const REGIONS = new Set<string>(REGION_CODES);

export const EMPTY_FILTERS: DirectoryFilters = {
  q: '', location: '', specialties: [], modalities: [], demographics: [], sessionFormat: [],
  accepting: [], languages: [], feeModels: [], region: '', page: 1,
};

/** Reads filters from the URL; values that are not options (an old or edited link) are dropped, not sent. */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const list = (key: ListKey) => {
    const allowed = new Set<string>(LISTS[key]);
    const values = params.getAll(key).flatMap((v) => v.split(',')).map((v) => v.trim());
    return [...new Set(values.filter((v) => allowed.has(v)))];
  };
  const text = (key: 'q' | 'location') => (params.get(key) ?? '').trim().slice(0, TEXT_MAX);
  const region = (params.get('region') ?? '').trim().toUpperCase();
  const page = Number(params.get('page'));
  return {
    q: text('q'),
    location: text('location'),
    specialties: list('specialties'),
    modalities: list('modalities'),
    demographics: list('demographics'),
    sessionFormat: list('sessionFormat'),
    accepting: list('accepting'),
    languages: list('languages'),
    feeModels: list('feeModels'),
    region: REGIONS.has(region) ? region : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL form of the filters: only what is set, lists comma-separated, page 1 left out. */
export function paramsFromFilters(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.location.trim()) params.set('location', filters.location.trim());
  for (const key of LIST_KEYS) if (filters[key].length) params.set(key, filters[key].join(','));
  if (filters.region) params.set('region', filters.region);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const hasFilters = (f: DirectoryFilters) => Boolean(f.q || f.location || f.region || LIST_KEYS.some((k) => f[k].length));

/** How many filters are set (a list counts once, whatever it holds): the phone's "Filters (2)" button shows it. */
export const activeFilterCount = (f: DirectoryFilters) =>
  [f.q, f.location, f.region].filter(Boolean).length + LIST_KEYS.filter((k) => f[k].length).length;
