//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
// expect: racy — the halves are taken with `(unsigned short)(word >> 16 * i)`, values up to 65535, so a lookup table[half] may read another thread's slot table[256 + t] while that thread writes it.
// The same lookups by 16-bit halves into a table of 256 entries: the
// index is no longer bounded by the table.
// (Compare lang_byte_index_narrowing.cu.)
__global__ void codeLengthsWide(const unsigned *words, const unsigned *lengths, unsigned *out)
{
    __shared__ unsigned table[256 + 64];
    unsigned tid = threadIdx.x;
    for (unsigned k = tid; k < 256; k += blockDim.x)
        table[k] = lengths[k];
    __syncthreads();
    unsigned word = words[blockIdx.x * blockDim.x + tid];
    unsigned total = 0;
    for (int i = 0; i < 2; i++) {
        unsigned short half = (unsigned short)(word >> 16 * i);
        total += table[half];
    }
    table[256 + tid] = total;
    __syncthreads();
    out[blockIdx.x * blockDim.x + tid] = table[256 + tid] + table[256 + (tid + 1) % blockDim.x];
}
