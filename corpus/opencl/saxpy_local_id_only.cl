//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — i = get_local_id(0) in a launch of 16 groups: work-item 0 of every group writes y[0]
__kernel void saxpy_local_id_only(float a, __global const float *x, __global float *y, int n)
{
    int i = get_local_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
