//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=1
// expect: racy — one buffer: temp[lid - offset] is read while work-item lid - offset writes it in the same step
#define N 128

__kernel void scan_hillis_steele_single_buffer(__global const float *in, __global float *out)
{
    __local float temp[N];
    int lid = get_local_id(0);
    temp[lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int offset = 1; offset < N; offset *= 2) {
        if (lid >= offset)
            temp[lid] += temp[lid - offset];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[lid] = temp[lid];
}
