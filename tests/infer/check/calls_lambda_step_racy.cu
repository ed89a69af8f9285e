//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: the [&] lambda step() moves k by one, so thread 0's second write a[1] meets thread 1's first

__global__ void clear(float *a)
{
    int k = threadIdx.x;
    auto step = [&]() { k += 1; };
    for (int it = 0; it < 4; it++) {
        a[k] = (float)threadIdx.x;
        step();
    }
}
