//pass
//--blockDim=64 --gridDim=1
// expect: drf — M: b[t] covers bytes 0..63 (M[0][*] and M[1][*]), one per thread, and thread 32 writes M[2][0] (bytes 64..67); barriers order the rest.
// Clear the low bytes of a table, then one thread stores a sentinel.
__global__ void clearBytes(int *out)
{
    __shared__ int M[8][8];
    int t = threadIdx.x;
    M[t / 8][t % 8] = 0x01010101;
    __syncthreads();
    unsigned char *b = (unsigned char *)M;
    b[t] = 0;
    if (t == 32)
        M[2][0] = -1; // bytes 64..67, past the cleared 64
    __syncthreads();
    out[t] = M[t / 8][t % 8];
}
