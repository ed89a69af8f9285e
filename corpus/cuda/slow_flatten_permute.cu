//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread i splits i into (b, c, s) by % and / over spatial and layers and writes out[b*layers*spatial + s*layers + c]: a permutation of the digits, so no two threads share a cell (the sizes are not 0: C++ leaves i / 0 undefined).
// Channel-major to channel-minor layout change, one element per thread:
// the output index puts the digits of i back in another order.
__global__ void flattenPermute(int n, const float *in, int spatial, int layers, float *out)
{
    int i = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int s = i % spatial;
    int rest = i / spatial;
    int c = rest % layers;
    int b = rest / layers;
    out[b * layers * spatial + s * layers + c] = in[i];
}
