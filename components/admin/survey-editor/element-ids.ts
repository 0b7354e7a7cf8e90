/**
 * Ids of the editor's elements that focus moves to from elsewhere: after a step is shown or
 * deleted, a block added, moved or deleted.
 */

/** The heading of the step on screen. */
export const STEP_TITLE_ID = "survey-step-title";
/** Every id of a block's elements starts with this. */
export const blockIdPrefix = (key: string) => `block-${key}`;
export const blockHeadingId = (key: string) => `${blockIdPrefix(key)}-title`;
export const blockTypeId = (key: string) => `${blockIdPrefix(key)}-type`;
/** A block's move buttons, so focus can follow the block after it moved. */
export const moveButtonId = (key: string, by: -1 | 1) =>
  `${blockIdPrefix(key)}-${by < 0 ? "up" : "down"}`;
/** The "show only if" of a step or block: `conditionId(blockIdPrefix(key))`. */
export const conditionId = (prefix: string) => `${prefix}-condition`;
/** Every id of a step's elements starts with this. */
export const stepIdPrefix = (key: string) => `step-${key}`;
