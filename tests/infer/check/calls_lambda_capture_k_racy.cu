//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: the [&k] lambda moves k by one, so after the call thread 0 writes a[1] as thread 1 did before it

__global__ void shift(float *a)
{
    int k = threadIdx.x;
    auto bump = [&k]() { k += 1; };
    a[k] = (float)threadIdx.x;
    bump();
    a[k] = 2.0f * threadIdx.x;
}
