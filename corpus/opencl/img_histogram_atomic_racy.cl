//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — two work-items with pixels in the same bin both read and write hist[bin] with a plain, non-atomic increment
__kernel void k(read_only image2d_t src, __global int *hist)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 px = read_imagef(src, smp, (int2)(x, y));
  int bin = clamp((int)(px.x * 255.0f), 0, 255);
  hist[bin] += 1;
}
