/**
 * The portable password engine's worker: computes the argon2id hashes
 * src/services/accounts/passwords.ts sends it, one at a time, with hash-wasm, on a
 * thread of its own, so that a hash never holds the server's event loop.
 *
 * hash-wasm makes new WebAssembly instances for every hash, each with memory
 * of its own (argon2's holds the 19 MiB of blocks). V8 gives a dead instance's
 * memory back only when its garbage collector runs, which the small
 * JavaScript heap of this thread seldom calls for, so hundreds of megabytes
 * piled up behind a few hundred logins. This thread therefore keeps the
 * instances a hash used and lends them to the next hash: its memory stays at
 * what one hash needs.
 */
import { argon2id } from "hash-wasm";

export type ArgonCost = { memoryKiB: number; iterations: number; parallelism: number; hashBytes: number };
export type DeriveRequest = { id: number; password: Uint8Array; salt: Uint8Array; cost: ArgonCost };
export type DeriveAnswer = { id: number; hash: Uint8Array } | { id: number; error: string };

/** An instance whose memory grew past this (a stored hash with a higher cost) is dropped after its hash, not kept. */
const KEEP_MEMORY_BYTES = 32 * 1024 * 1024;

const kept = new Map<WebAssembly.Module, WebAssembly.Instance[]>();
/** The instances the hash in progress uses; hashes run one at a time, so none is lent to two. */
let lent: [WebAssembly.Module, WebAssembly.Instance][] = [];

function reused(instance: WebAssembly.Instance): WebAssembly.Instance {
  const { memory, Hash_SetMemorySize, Hash_GetBuffer } = instance.exports;
  // argon2's module (the one whose buffer grows with the cost) XORs each block of the first pass into what its memory holds, as
  // into a fresh instance's zeros: its blocks, which start at the buffer and run to the end of its memory, are zeroed again.
  if (
    memory instanceof WebAssembly.Memory && typeof Hash_SetMemorySize === "function" &&
    typeof Hash_GetBuffer === "function"
  ) {
    new Uint8Array(memory.buffer, (Hash_GetBuffer as () => number)()).fill(0);
  }
  return instance;
}

const instantiate = WebAssembly.instantiate.bind(WebAssembly);
WebAssembly.instantiate = (async (source: BufferSource | WebAssembly.Module, imports?: WebAssembly.Imports) => {
  // hash-wasm compiles each module once and instantiates it per hasher; anything else goes through untouched.
  if (!(source instanceof WebAssembly.Module)) return await instantiate(source, imports);
  const free = kept.get(source)?.pop();
  const instance = free ? reused(free) : await instantiate(source, imports);
  lent.push([source, instance]);
  return instance;
}) as typeof WebAssembly.instantiate;

function giveBack(): void {
  for (const [module, instance] of lent) {
    const { memory } = instance.exports;
    if (!(memory instanceof WebAssembly.Memory) || memory.buffer.byteLength > KEEP_MEMORY_BYTES) continue;
    const free = kept.get(module);
    if (free) free.push(instance);
    else kept.set(module, [instance]);
  }
  lent = [];
}

async function derive({ password, salt, cost }: DeriveRequest): Promise<Uint8Array> {
  const { memoryKiB, iterations, parallelism, hashBytes } = cost;
  if (password.length) {
    return await argon2id({
      password,
      salt,
      memorySize: memoryKiB,
      iterations,
      parallelism,
      hashLength: hashBytes,
      outputType: "binary",
    });
  }
  // hash-wasm refuses an empty password, which argon2id (and the native engine) accepts; nothing else waits on this thread.
  const { argon2id: javaScriptArgon2id } = await import("@noble/hashes/argon2.js");
  return javaScriptArgon2id(password, salt, { m: memoryKiB, t: iterations, p: parallelism, dkLen: hashBytes });
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DeriveRequest>) => void) | null;
  postMessage(answer: DeriveAnswer, transfer?: Transferable[]): void;
};

let previous = Promise.resolve();
scope.onmessage = ({ data }) => {
  // In order, each after the one before has given its instances back.
  previous = previous.then(async () => {
    try {
      const hash = await derive(data);
      scope.postMessage({ id: data.id, hash }, [hash.buffer as ArrayBuffer]);
    } catch (error) {
      scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
    } finally {
      giveBack();
    }
  });
};
