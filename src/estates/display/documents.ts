import { pickText } from '../../i18n/localized-text.js';
import type { Translator } from '../../i18n/translator.js';
import { enumLabel } from '../domain/enum-labels.js';
import type { EstateFile } from '../domain/estate.js';
import { demoDocumentPreviewUrl } from '../images/image-variants.js';

/**
 * The order documents are listed in: what a buyer opens first (the floor plans, the agency's brochure), then the
 * specifications and the certificates, then anything else. A type not named here goes with OTHER.
 */
export const DOCUMENT_TYPE_ORDER = [
  'FLOOR_PLAN',
  'BROCHURE',
  'SPECIFICATIONS',
  'EPC_CERTIFICATE',
  'ELECTRICAL_INSPECTION',
  'ESTIMATION',
  'SOIL_CERTIFICATE',
  'ASBESTOS_CERTIFICATE',
  'WATER_SENSITIVITY',
  'OTHER',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPE_ORDER)[number];

/** What the link's file is, from its extension: a PDF, an image, or unknown (a CRM's download URL without one). */
export type DocumentKind = 'pdf' | 'image' | 'other';

export interface DocumentModel {
  readonly type: DocumentType;
  /** The document's own name (the CRM's comment) or, without one, its type's name. */
  readonly label: string;
  /** The type's name, shown beside a label that does not already say it; empty when the label is the type's name. */
  readonly typeLabel: string;
  readonly kind: DocumentKind;
  /** "PDF", "Image (JPG)"…; empty for an unknown kind. */
  readonly kindLabel: string;
  /** The link as a page uses it: absolute for a CRM's file, site-relative for a file the site serves itself. */
  readonly href: string;
  /** The absolute URL, printed after the document on paper. */
  readonly printUrl: string;
  /**
   * The file name for the `download` attribute: only for a file the site serves itself (browsers ignore the
   * attribute on another origin's link, which opens where it is, in the browser's own viewer).
   */
  readonly download: string | null;
  /**
   * The image to show inline (a floor plan drawn as an image): the site's own file, or a CRM's image through the photo
   * proxy (the CSP allows images from 'self' only); for a floor plan in PDF, the photo proxy's URL of it, whose
   * variants are its first page drawn on the server (images/pdf-preview.ts). Null for another file, and for a file on
   * a host the proxy does not take (its link alone).
   */
  readonly preview: string | null;
  /** What the preview is, for its `alt`: a PDF's "Grondplan (eerste pagina)"; empty for an image (the link says it). */
  readonly previewAlt: string;
  /** The preview is a PDF's first page, in the proxy's 10:7 box (`PREVIEW_BOX`), rather than the image itself. */
  readonly previewIsPage: boolean;
}

/** The box of a preview: a PDF's first page is drawn in exactly this ratio (images/image-encoder.ts), an image near it. */
export const PREVIEW_BOX = { width: 1000, height: 700 } as const;

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif']);
/** What the photo proxy admits (images/image-bytes.ts: JPEG, PNG and WebP) and so what is shown inline. */
const INLINE_IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp']);

function extensionOf(href: string): string {
  const path = URL.canParse(href) ? new URL(href).pathname : href.split(/[?#]/)[0];
  const match = /\.([a-z0-9]{2,5})$/i.exec(path);
  return match ? match[1].toLowerCase() : '';
}

/** The kind of file a link points at, from its path's extension (the query string does not count). */
export function documentKind(href: string): DocumentKind {
  const extension = extensionOf(href);
  if (extension === 'pdf') return 'pdf';
  return IMAGE_EXTENSIONS.has(extension) ? 'image' : 'other';
}

function documentType(type: string): DocumentType {
  return (DOCUMENT_TYPE_ORDER as readonly string[]).includes(type) ? (type as DocumentType) : 'OTHER';
}

const rank = (type: DocumentType) => DOCUMENT_TYPE_ORDER.indexOf(type);

/**
 * The preview of a document: an image shown itself (on the site, or through the proxy); a PDF only when it is a floor
 * plan (issue 38: a plan's first page says what the file is; a brochure's cover or a certificate's first page would
 * be a large picture of text), through the proxy, which draws its first page.
 */
function previewOf(type: DocumentType, kind: DocumentKind, link: string, options: DocumentOptions): string | null {
  const local = link.startsWith('/');
  if (kind === 'image' && INLINE_IMAGE_EXTENSIONS.has(extensionOf(link))) return local ? link : (options.proxiedImage?.(link) ?? null);
  if (kind === 'pdf' && type === 'FLOOR_PLAN') return local ? demoDocumentPreviewUrl(link) : (options.proxiedImage?.(link) ?? null);
  return null;
}

export interface DocumentOptions {
  /** The absolute URL of a site-relative link (the demo's own files), for paper. */
  readonly absoluteUrl?: (path: string) => string;
  /** The site-relative photo-proxy URL of a CRM's image, or null where the proxy does not take it (images/). */
  readonly proxiedImage?: (url: string) => string | null;
}

/**
 * The listing's documents as the page lists them: ordered by type (DOCUMENT_TYPE_ORDER, the CRM's order within a
 * type), each with its name in the visitor's language, its kind and how to link it. Links are the mappers'
 * (http(s) only, or the site's own demo files); anything else is left out here too.
 */
export function documentsOf(files: readonly EstateFile[], t: Translator, options: DocumentOptions = {}): DocumentModel[] {
  return files
    .map((file) => ({ file, type: documentType(file.type) }))
    .filter(({ file }) => /^https?:\/\//i.test(file.link) || /^\/(?!\/)/.test(file.link))
    // A stable sort: the CRM's order within a type.
    .sort((a, b) => rank(a.type) - rank(b.type))
    .map(({ file, type }) => {
      const typeName = enumLabel(t, 'fileType', type) || t.t('display.file');
      const comment = pickText(file.comment, t.locale).trim();
      const label = comment || typeName;
      const kind = documentKind(file.link);
      const extension = extensionOf(file.link).toUpperCase();
      const local = file.link.startsWith('/');
      const preview = previewOf(type, kind, file.link, options);
      return {
        type,
        label,
        typeLabel: label.toLocaleLowerCase(t.locale) === typeName.toLocaleLowerCase(t.locale) ? '' : typeName,
        kind,
        kindLabel: kind === 'pdf' ? t.t('brochure.documents.kinds.pdf') : kind === 'image' ? t.t('brochure.documents.kinds.image', { extension }) : '',
        href: file.link,
        printUrl: local && options.absoluteUrl ? options.absoluteUrl(file.link) : file.link,
        download: local ? (file.link.split('/').pop() ?? null) : null,
        preview,
        previewAlt: preview && kind === 'pdf' ? t.t('brochure.documents.firstPage', { label }) : '',
        previewIsPage: preview !== null && kind === 'pdf',
      };
    });
}
