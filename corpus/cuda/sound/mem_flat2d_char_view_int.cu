//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — M: thread 60 writes byte 60 through b[t] (a byte of M[1][7]) while thread 32 writes M[1][7], with no barrier.
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
        M[1][7] = -1; // BUG: bytes 60..63, cleared by threads 60..63
    __syncthreads();
    out[t] = M[t / 8][t % 8];
}
