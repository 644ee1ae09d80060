import type { ReactElement } from 'react';
import { type DocumentModel, PREVIEW_BOX } from '../../../src/estates/display/documents.js';
import { PHOTO_LAYOUTS } from '../../../src/estates/images/image-variants.js';
import { Icon } from '../../components/icon.js';
import { Picture } from '../../components/picture.js';
import type { PageContext } from '../../page-context.js';

type Translate = PageContext['t'];

const MIME_TYPES: Partial<Record<DocumentModel['kind'], string>> = { pdf: 'application/pdf' };
/**
 * A plan drawn as an image is shown whole, as wide as the main column (at most 760 px): its box before it loads is
 * a usual plan's 10:7, and the CSS lets the image keep its own proportions once it has. A PDF plan's first page is
 * drawn by the server in exactly that box.
 */
const PREVIEW_SIZES = '(min-width: 1200px) 760px, (min-width: 900px) 62vw, 100vw';

/**
 * The listing's documents from the CRM (plans and brochure first: src/estates/display/documents.ts), each with its
 * type and kind of file. A CRM's file opens where it is (no `target`: the browser's own PDF or image viewer, and
 * back); the demo's own files download. On paper each document is followed by its address.
 */
export function DocumentsSection({ documents, t }: { documents: readonly DocumentModel[]; t: Translate }): ReactElement | null {
  if (documents.length === 0) return null;
  return (
    <section className="detail-section documents" id="documents" aria-labelledby="documents-title">
      <h2 id="documents-title">{t('brochure.documents.title')}</h2>
      <p className="documents__intro">{t('brochure.documents.intro')}</p>
      <ul className="document-list">
        {documents.map((document, index) => {
          const meta = [document.typeLabel, document.kindLabel].filter(Boolean).join(' · ');
          return (
            <li
              key={`${index}-${document.href}`}
              className={document.preview ? 'document-list__item document-list__item--preview' : 'document-list__item'}
              data-document-type={document.type}
              data-document-kind={document.kind}
            >
              {document.preview && (
                <a
                  className={document.previewIsPage ? 'document-list__preview document-list__preview--page' : 'document-list__preview'}
                  href={document.href}
                  tabIndex={-1}
                  aria-hidden="true"
                  {...(document.download ? { download: document.download } : { rel: 'noopener noreferrer' })}
                >
                  <Picture
                    src={document.preview}
                    alt={document.previewAlt}
                    width={PREVIEW_BOX.width}
                    height={PREVIEW_BOX.height}
                    widths={PHOTO_LAYOUTS.gallery.widths}
                    sizes={PREVIEW_SIZES}
                  />
                </a>
              )}
              <a
                className="document-list__link"
                href={document.href}
                type={MIME_TYPES[document.kind]}
                {...(document.download ? { download: document.download } : { rel: 'noopener noreferrer' })}
              >
                <Icon name="document" />
                <span className="document-list__text">
                  <span className="document-list__label">{document.label}</span>
                  {meta && <span className="document-list__meta">{meta}</span>}
                </span>
              </a>
              <span className="document-list__url print-only">{document.printUrl}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
