import type { ReactElement } from 'react';
import type { Breadcrumb as BreadcrumbModel } from '../../src/seo/breadcrumbs.js';

/** The trail to the page (the same as its BreadcrumbList JSON-LD); the last crumb is the page itself. */
export function Breadcrumb({ label, crumbs }: BreadcrumbModel): ReactElement {
  return (
    <nav className="breadcrumb" aria-label={label}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <a href={crumb.path}>{crumb.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
