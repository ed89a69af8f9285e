//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — acc: thread t writes t to acc[t + 48] in its second iteration while thread t + 48 writes t + 48 there in its first, with no barrier.
// A do/while that stamps a tile with the thread ids, advanced by a capturing lambda.
__global__ void clear(int *out)
{
    __shared__ int acc[192];
    int i = threadIdx.x;
    auto advance = [&i] { i += 48; }; // BUG: 48 is not the block size
    do {
        acc[i] = threadIdx.x;
        advance();
    } while (i < 192);
    __syncthreads();
    out[threadIdx.x] = acc[threadIdx.x];
}
