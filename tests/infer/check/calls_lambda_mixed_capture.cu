//pass
//--blockDim=64 --gridDim=1
// expect: drf — the [=, &k] lambda step() moves k by the block's width: each thread keeps its own cells

__global__ void clear(float *a)
{
    int k = threadIdx.x;
    auto step = [=, &k]() { k += blockDim.x; };
    for (int it = 0; it < 4; it++) {
        a[k] = (float)threadIdx.x;
        step();
    }
}
