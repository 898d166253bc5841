// Small copies and fills inline: memory.copy and memory.fill of a size known only at run
// time are calls out of the wasm code in V8, which cost several per cent of a count when
// made per state or per child (tens to hundreds of bytes each time).

// @ts-ignore: decorator
@inline export function copySmall(dst: usize, src: usize, bytes: usize): void {
  let i: usize = 0;
  for (; i + 8 <= bytes; i += 8) store<u64>(dst + i, load<u64>(src + i));
  for (; i < bytes; i++) store<u8>(dst + i, load<u8>(src + i));
}

// @ts-ignore: decorator
@inline export function zeroSmall(dst: usize, bytes: usize): void {
  let i: usize = 0;
  for (; i + 8 <= bytes; i += 8) store<u64>(dst + i, 0);
  for (; i < bytes; i++) store<u8>(dst + i, 0);
}
