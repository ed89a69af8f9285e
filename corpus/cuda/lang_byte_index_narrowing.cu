//pass
//--blockDim=64 --gridDim=16
// expect: drf — each byte of the word is taken with `(unsigned char)(word >> 8 * i)`, a value below 256, so the lookups stay in table[0..255] while each thread writes only its own slot table[256 + threadIdx.x].
// Code lengths looked up per byte in a table cached in shared memory,
// with the thread's total stored after the table (Rodinia huffman's VLC
// encoder layout).
__global__ void codeLengths(const unsigned *words, const unsigned *lengths, unsigned *out)
{
    __shared__ unsigned table[256 + 64];
    unsigned tid = threadIdx.x;
    for (unsigned k = tid; k < 256; k += blockDim.x)
        table[k] = lengths[k];
    __syncthreads();
    unsigned word = words[blockIdx.x * blockDim.x + tid];
    unsigned total = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char byte = (unsigned char)(word >> 8 * i);
        total += table[byte];
    }
    table[256 + tid] = total;
    __syncthreads();
    out[blockIdx.x * blockDim.x + tid] = table[256 + tid] + table[256 + (tid + 1) % blockDim.x];
}
