//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=32
// expect: racy — p = samples + (int)start[blockIdx.x] may start two blocks' windows at overlapping samples: both write samples[p + i].
// ptr_offset_from_data.cu scaling the windows in place.
__global__ void window(float *samples, const float *start, int len, float f)
{
    float *p = samples + (int)start[blockIdx.x];
    for (int i = threadIdx.x; i < len; i += blockDim.x)
        p[i] *= f;
}
