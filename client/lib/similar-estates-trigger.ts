/** The similar-estates placeholder's hx-trigger, sent by the client when the block nears the viewport (shared with the view). */
export const SIMILAR_ESTATES_TRIGGER = 'near';
