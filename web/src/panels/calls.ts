// The traditional UK bingo calls, 1 to 90, for the projector's optional speech
// ("Legs eleven, number 11"). Halls vary; these are the common ones.
export const TRADITIONAL_CALLS: readonly string[] = [
  "", "Kelly's eye", "One little duck", "Cup of tea", "Knock at the door", "Man alive", "Half a dozen", "Lucky seven", "Garden gate", "Doctor's orders", "Cock and hen",
  "Legs eleven", "One dozen", "Unlucky for some", "Valentine's day", "Young and keen", "Sweet sixteen", "Dancing queen", "Coming of age", "Goodbye teens", "One score",
  "Key of the door", "Two little ducks", "Thee and me", "Two dozen", "Duck and dive", "Pick and mix", "Gateway to heaven", "In a state", "Rise and shine", "Dirty Gertie",
  "Get up and run", "Buckle my shoe", "All the threes", "Ask for more", "Jump and jive", "Three dozen", "More than eleven", "Christmas cake", "Thirty-nine steps", "Naughty forty",
  "Time for fun", "Winnie the Pooh", "Down on your knees", "Droopy drawers", "Halfway there", "Up to tricks", "Four and seven", "Four dozen", "Rise and shine, forty-nine", "Half a century",
  "Tweak of the thumb", "Danny La Rue", "Stuck in the tree", "Clean the floor", "Snakes alive", "Was she worth it?", "Heinz varieties", "Make them wait", "Brighton line", "Five dozen",
  "Baker's bun", "Turn the screw", "Tickle me", "Red raw", "Old age pension", "Clickety click", "Made in heaven", "Saving grace", "Either way up", "Three score and ten",
  "Bang on the drum", "Six dozen", "Queen bee", "Hit the floor", "Strive and strive", "Trombones", "Sunset strip", "Heaven's gate", "One more time", "Eight and blank",
  "Stop and run", "Straight on through", "Time for tea", "Seven dozen", "Staying alive", "Between the sticks", "Torquay in Devon", "Two fat ladies", "Nearly there", "Top of the shop",
];

/** What is said for a call: the traditional name, then the number, e.g. "Legs eleven. Number 11." */
export function spokenCall(n: number): string {
  const name = TRADITIONAL_CALLS[n] ?? "";
  return name ? `${name}. Number ${n}.` : `Number ${n}.`;
}
