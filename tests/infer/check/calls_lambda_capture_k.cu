//pass
//--blockDim=64 --gridDim=1
// expect: drf — the [&k] lambda moves k by the block's width: after the call each thread writes its own second cell

__global__ void shift(float *a)
{
    int k = threadIdx.x;
    auto bump = [&k]() { k += blockDim.x; };
    a[k] = (float)threadIdx.x;
    bump();
    a[k] = 2.0f * threadIdx.x;
}
