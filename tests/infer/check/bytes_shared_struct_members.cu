// expect: drf — threads write different scalar and array members of one __shared__ struct, and different cells of a 2-D member array.
struct Tile { int count; float a[4][8]; float last; };
__global__ void shared_struct_members(float *out)
{
    __shared__ Tile s;
    int t = threadIdx.x;
    if (t == 0)
        s.count = 1;
    else if (t == 1)
        s.last = 2.0f;
    if (t < 32)
        s.a[t / 8][t % 8] = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = s.a[t % 4][t % 8] + s.last;
}
