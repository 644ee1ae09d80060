import type { ReactElement } from 'react';
import type { CitySuggestionJson } from '../../client/islands/search-props.js';

/** The options of the city combobox's listbox (the island gives the list its id and handles the keyboard). */
export function CitySuggestions({ suggestions, noMatches }: { suggestions: readonly CitySuggestionJson[]; noMatches: string }): ReactElement {
  if (suggestions.length === 0) {
    return (
      <li className="combobox__empty" role="presentation">
        {noMatches}
      </li>
    );
  }
  return (
    <>
      {suggestions.map((city) => (
        <li key={`${city.zip}-${city.name}`} role="option" aria-selected="false" className="combobox__option" data-value={city.name}>
          <span className="combobox__label">{city.label}</span> <span className="combobox__count">{city.countText}</span>
        </li>
      ))}
    </>
  );
}
