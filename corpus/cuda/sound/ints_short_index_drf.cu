//pass
//--blockDim=128 --gridDim=1
// expect: drf — out: with 128 threads (short)(t * 256) takes 128 distinct values in [-32768, 32767].
__global__ void shortIndex(int *out)
{
    unsigned t = threadIdx.x;
    short k = (short)(t * 256);
    out[k + 32768] = threadIdx.x;
}
