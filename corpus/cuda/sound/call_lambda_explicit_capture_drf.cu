//pass
//--blockDim=64 --gridDim=1
// expect: drf — acc: thread t writes acc[t], acc[t + 64] and acc[t + 128], its own residue class.
// A do/while that stamps a tile with the thread ids, advanced by a capturing lambda.
__global__ void clear(int *out)
{
    __shared__ int acc[192];
    int i = threadIdx.x;
    auto advance = [&i] { i += 64; };
    do {
        acc[i] = threadIdx.x;
        advance();
    } while (i < 192);
    __syncthreads();
    out[threadIdx.x] = acc[threadIdx.x];
}
